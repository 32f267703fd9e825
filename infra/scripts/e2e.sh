#!/usr/bin/env bash
# The browser tests (site/e2e) in SHARDS shards at once, each against its own `academy serve`, store, outbox and
# local Stripe (infra/scripts/with-server.sh), all signing in at one local OpenID provider on OIDC_PORT (the
# issuer the site was built with). Node's --test-shard splits the files; within a shard they run one at a time.
# Chromium keeps both cores busy either way, so two shards gain by overlapping each other's waits: on this 2-core
# machine about 3½ minutes in the headless Chromium (support.mjs). A test still running after 5 minutes fails (--test-timeout), so a
# wedged browser ends the run with a failure rather than holding it until CI gives up. Usage: OIDC_PORT=N e2e.sh ACADEMY_BINARY [SHARDS, default 2]
set -euo pipefail
academy=$1 shards=${2:-2}
: "${OIDC_PORT:?e2e.sh: set OIDC_PORT (the issuer the site was built with)}"
work=$(mktemp -d)
# The provider makes these staff, as with-server.sh's would; the shards' servers take the same list.
export ACADEMY_STAFF_EMAILS="${ACADEMY_STAFF_EMAILS:-staff@example.com}"
OIDC_ISSUER="http://127.0.0.1:$OIDC_PORT" node infra/oidc/server.mjs >"$work/oidc.log" 2>&1 &
oidc=$!
pids=()
stop() {
  kill "${pids[@]}" $oidc 2>/dev/null || true
  wait $oidc 2>/dev/null || true
  rm -rf "$work"
}
trap stop EXIT
# Each shard's with-server.sh waits until the provider answers (OIDC_SHARED=1).
for shard in $(seq 1 "$shards"); do
  # Each line says its shard; the shard's status is what the pipeline answers (pipefail).
  (set -o pipefail; OIDC_SHARED=1 infra/scripts/with-server.sh "$academy" \
    bash -c "cd site && node --test --test-concurrency=1 --test-timeout=300000 --test-shard=$shard/$shards e2e/" 2>&1 |
    sed -u "s|^|[e2e $shard/$shards] |") &
  pids+=($!)
done
failed=0
for shard in $(seq 1 "$shards"); do
  wait "${pids[$((shard - 1))]}" || { echo "e2e.sh: shard $shard/$shards failed" >&2; failed=1; }
done
[ $failed -eq 0 ] || { echo "e2e.sh: the OpenID provider's log:" >&2; cat "$work/oidc.log" >&2; }
exit $failed

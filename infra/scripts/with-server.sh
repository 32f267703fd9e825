#!/usr/bin/env bash
# Runs a command against a fresh `academy serve` on a free port, with its own store, and
# stops the server afterwards. Usage: with-server.sh ACADEMY_BINARY COMMAND...
# The command sees BASE_URL (e.g. http://127.0.0.1:40321), ACADEMY_STORE, ACADEMY_OUTBOX (the
# folder the server mails into) and ACADEMY_BIN (the academy binary, for grants in tests); uploads
# are taken in small parts (ACADEMY_UPLOAD_PART_BYTES).
# With OIDC_PORT set it also starts the LOCAL ONLY OpenID provider (infra/oidc) on that port, exports
# OIDC_ISSUER, lets the site's CSP call it, and has the API verify its access tokens
# (ACADEMY_OIDC_ISSUER, ACADEMY_OIDC_CLIENT_ID); the site must have been built with that issuer.
# The provider makes the e-mails in ACADEMY_STAFF_EMAILS staff (default staff@example.com), and the
# server's mail links to BASE_URL (ACADEMY_SITE_URL, unless set). With OIDC_SHARED=1 as well, it uses the
# provider already on OIDC_PORT instead of starting one.
# It always starts a local Stripe too (localstripe, infra/scripts/localstripe_server.py with STRIPE_PYTHON,
# the Makefile's venv python) on a free port, empty, checking every request the server makes against
# stripe-python's types (--validate), its webhook signed to the server's /api/payments/stripe/webhook with a
# secret made for the run; the server and the command see LOCALSTRIPE_URL and the same ACADEMY_STRIPE_*
# settings (the site's CSP may call it), and demo ACADEMY_PAY_* details for the manual methods.
set -euo pipefail
academy=$1; shift
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
export ACADEMY_STORE="embedded:$work/academy.db" BASE_URL="http://127.0.0.1:$port"
export ACADEMY_OUTBOX="$work/outbox" ACADEMY_BIN="$academy" ACADEMY_LECTURES="$work/lectures"
export ACADEMY_CERTIFICATES="$work/certificates"
export ACADEMY_SITE_URL="${ACADEMY_SITE_URL:-$BASE_URL}" ACADEMY_STAFF_EMAILS="${ACADEMY_STAFF_EMAILS:-staff@example.com}"
# Upload parts of 64 KiB, so a test's short clip is sent in several (site/e2e/lectures.test.mjs).
export ACADEMY_UPLOAD_PART_BYTES="${ACADEMY_UPLOAD_PART_BYTES:-65536}"
oidc= stripe= server=
stop() {
  kill $server $stripe $oidc 2>/dev/null || true
  wait $server $stripe $oidc 2>/dev/null || true
  # What the local Stripe refused as Stripe would (the server's requests), before its log goes.
  grep -h '^localstripe: refused' "$work/localstripe.log" >&2 2>/dev/null || true
  rm -rf "$work"
}
trap stop EXIT
csp=
if [ -n "${OIDC_PORT:-}" ]; then
  export OIDC_ISSUER="http://127.0.0.1:$OIDC_PORT"
  export ACADEMY_OIDC_ISSUER="$OIDC_ISSUER" ACADEMY_OIDC_CLIENT_ID="${OIDC_CLIENT_ID:-academy-local}"
  csp="$OIDC_ISSUER"
  # OIDC_SHARED=1: the provider is already up on OIDC_PORT (infra/scripts/e2e.sh starts one for its shards).
  if [ -z "${OIDC_SHARED:-}" ]; then
    node infra/oidc/server.mjs >"$work/oidc.log" 2>&1 &
    oidc=$!
  fi
fi
stripe_python=${STRIPE_PYTHON:-$HOME/.cache/academy/venv/bin/python}
"$stripe_python" -c 'import localstripe, stripe' 2>/dev/null ||
  { echo "with-server.sh: $stripe_python has no localstripe (make python-tools installs it)" >&2; exit 1; }
stripe_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
export LOCALSTRIPE_URL="http://127.0.0.1:$stripe_port"
export ACADEMY_STRIPE_API_BASE="$LOCALSTRIPE_URL" ACADEMY_STRIPE_JS_URL="$LOCALSTRIPE_URL/js.stripe.com/v3/"
export ACADEMY_STRIPE_SECRET_KEY=sk_test_local ACADEMY_STRIPE_PUBLISHABLE_KEY=pk_test_local
ACADEMY_STRIPE_WEBHOOK_SECRET="whsec_test_$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
export ACADEMY_STRIPE_WEBHOOK_SECRET
export ACADEMY_PAY_BANK="${ACADEMY_PAY_BANK:-Account title: Academy Training (demo); Bank: Demo Bank; IBAN: PK00DEMO0000000000000000}"
export ACADEMY_PAY_JAZZCASH="${ACADEMY_PAY_JAZZCASH:-Account title: Academy Training (demo); JazzCash account: 0000 0000000 (demo)}"
export ACADEMY_PAY_EASYPAISA="${ACADEMY_PAY_EASYPAISA:-Account title: Academy Training (demo); Easypaisa account: 0000 0000000 (demo)}"
export ACADEMY_CSP_CONNECT="${csp:+$csp }$LOCALSTRIPE_URL"
"$stripe_python" infra/scripts/localstripe_server.py --port "$stripe_port" --validate \
  --webhook "$BASE_URL/api/payments/stripe/webhook" --secret "$ACADEMY_STRIPE_WEBHOOK_SECRET" >"$work/localstripe.log" 2>&1 &
stripe=$!
for _ in $(seq 1 300); do
  curl -fsS -o /dev/null "$LOCALSTRIPE_URL/js.stripe.com/v3/" 2>/dev/null && break
  kill -0 $stripe 2>/dev/null || { cat "$work/localstripe.log"; exit 1; }
  sleep 0.1
done
curl -fsS -o /dev/null "$LOCALSTRIPE_URL/js.stripe.com/v3/" || { echo "with-server.sh: localstripe did not answer in 30 s" >&2; cat "$work/localstripe.log"; exit 1; }
"$academy" serve --port "$port" --site site/build/client >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  curl -fsS "$BASE_URL/api/health" >/dev/null 2>&1 && break
  kill -0 $server 2>/dev/null || { cat "$work/server.log"; exit 1; }
  sleep 0.1
done
if [ -n "${OIDC_PORT:-}" ]; then
  for _ in $(seq 1 100); do
    curl -fsS "$OIDC_ISSUER/.well-known/openid-configuration" >/dev/null 2>&1 && break
    [ -z "$oidc" ] || kill -0 $oidc 2>/dev/null || { cat "$work/oidc.log"; exit 1; }
    sleep 0.1
  done
  curl -fsS -o /dev/null "$OIDC_ISSUER/.well-known/openid-configuration" ||
    { echo "with-server.sh: the OpenID provider did not answer at $OIDC_ISSUER" >&2; exit 1; }
fi
"$@"

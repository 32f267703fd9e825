#!/usr/bin/env bash
# Contract fuzzing: schemathesis against the `academy serve` that with-server.sh started
# (BASE_URL, a fresh store), every operation of functions/openapi.json, every check, as
# infra/fuzz/schemathesis.toml sets them. Fails on any finding, and when fewer than MIN_CASES
# cases were generated (so a run that silently tested little cannot pass). Requests carry the access
# token of a member of staff from the local OpenID provider (with-server.sh started it: OIDC_PORT, and
# made the first e-mail of ACADEMY_STAFF_EMAILS staff) who also linked a batch as a student, so
# /api/staff/* and /api/me/* are fuzzed past sign-in and the staff check too; schemathesis's auth
# checks send requests without it and with a wrong one. (A student's 403 on every staff route is
# tested in Rust, functions/core/tests.)
# Usage: OIDC_PORT=… with-server.sh ACADEMY fuzz-api.sh SCHEMATHESIS
set -euo pipefail
schemathesis=$1
min_cases=${MIN_CASES:-1000}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
: "${OIDC_ISSUER:?start with-server.sh with OIDC_PORT: the fuzzer signs in at the local provider}"
staff=${ACADEMY_STAFF_EMAILS:?with-server.sh names the staff e-mails}
staff=${staff%%,*}
token=$(node infra/oidc/token.mjs "$OIDC_ISSUER" "${staff// /}")
# Staff indeed (the provider gave the token the group): else every staff route would only be fuzzed to 403.
curl -fsS -o /dev/null -H "Authorization: Bearer $token" "$BASE_URL/api/staff/audit" ||
  { echo "fuzz-api: the token of $staff is not staff's (GET /api/staff/audit refused it)" >&2; exit 1; }
batch=665f1c2a9b3e4d0012a1c001
secret=$("$ACADEMY_BIN" grant --batch "$batch" --label fuzz | tail -1)
curl -fsS -o /dev/null -H "Authorization: Bearer $token" -H 'content-type: application/json' \
  -d "{\"batchId\":\"$batch\",\"secretId\":\"$secret\"}" "$BASE_URL/api/me/batches"
status=0
"$schemathesis" --config-file infra/fuzz/schemathesis.toml run functions/openapi.json \
  --url "$BASE_URL" --checks all --no-color -H "Authorization: Bearer $token" | tee "$out" || status=$?
cases=$(sed -n 's/^ *\([0-9]*\) generated, .*/\1/p' "$out" | tail -1)
echo "fuzz-api: ${cases:-0} generated cases (at least $min_cases required), schemathesis exit $status"
[ "$status" -eq 0 ] && [ "${cases:-0}" -ge "$min_cases" ]

#!/usr/bin/env bash
# Contract fuzzing: schemathesis against the `academy serve` that with-server.sh started
# (BASE_URL, a fresh store), every operation of functions/openapi.json, every check, as
# infra/fuzz/schemathesis.toml sets them. Fails on any finding, and when fewer than MIN_CASES
# cases were generated (so a run that silently tested little cannot pass).
# Usage: with-server.sh ACADEMY fuzz-api.sh SCHEMATHESIS
set -euo pipefail
schemathesis=$1
min_cases=${MIN_CASES:-1000}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
"$schemathesis" --config-file infra/fuzz/schemathesis.toml run functions/openapi.json \
  --url "$BASE_URL" --checks all --no-color | tee "$out" || status=$?
cases=$(sed -n 's/^ *\([0-9]*\) generated, .*/\1/p' "$out" | tail -1)
echo "fuzz-api: ${cases:-0} generated cases (at least $min_cases required), schemathesis exit $status"
[ "$status" -eq 0 ] && [ "${cases:-0}" -ge "$min_cases" ]

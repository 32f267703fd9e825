#!/usr/bin/env bash
# API throughput and latency with wrk against `academy serve` on loopback (bounded: 10 s per
# endpoint, 2 threads, 32 connections). Run inside with-server.sh; writes a markdown table.
set -euo pipefail
out=${1:-docs/benchmarks/api.md}
batch=665f1c2a9b3e4d0012a1c001
secret=$("$ACADEMY_BIN" grant --batch "$batch" --label bench | tail -n 1)
header_file=$(mktemp)
printf 'wrk.headers["X-Secret-Id"] = "%s"\n' "$secret" > "$header_file"

run() { # name path [script]
  local name=$1 path=$2 script=${3:-}
  local args=(-t2 -c32 -d10s --latency)
  [ -n "$script" ] && args+=(-s "$script")
  local result
  result=$(wrk "${args[@]}" "$BASE_URL$path")
  local rps p50 p99 errors
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$result")
  p50=$(awk '$1=="50%" {print $2}' <<<"$result")
  p99=$(awk '$1=="99%" {print $2}' <<<"$result")
  errors=$(awk '/Non-2xx/ {print $NF}' <<<"$result")
  printf '| %s | `%s` | %s | %s | %s | %s |\n' "$name" "$path" "$rps" "$p50" "$p99" "${errors:-0}"
}

{
  echo "# API benchmark"
  echo
  echo "\`make bench-api\`: wrk (2 threads, 32 connections, 10 s per row) against \`academy serve\`"
  echo "(profile \`bench-server\`, embedded SQLite store with the demo catalog) on loopback, on this"
  echo "2-core machine. Measured $(date -u +%Y-%m-%d)."
  echo
  echo "| endpoint | path | requests/s | p50 | p99 | non-2xx |"
  echo "|---|---|---|---|---|---|"
  run "health" "/api/health"
  run "courses" "/api/courses"
  run "outline" "/api/outline/665f1c2a9b3e4d0012a1b001"
  run "batches of a course" "/api/batches/course/665f1c2a9b3e4d0012a1b001"
  run "videos (valid Secret ID)" "/api/batches/$batch/videos" "$header_file"
  run "home page (static, gzip)" "/"
} > "$out"
rm -f "$header_file"
cat "$out"

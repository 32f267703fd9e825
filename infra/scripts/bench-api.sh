#!/usr/bin/env bash
# API throughput and latency with wrk against `academy serve` on loopback (bounded: 10 s per
# endpoint, 2 threads, 32 connections), a generated 2-hour lecture's playlists (infra/scripts/long_lecture.py),
# and a class of students opening their lectures at once (infra/scripts/bench_class.py, signed in at the local
# OpenID provider: run with OIDC_PORT set). Run inside with-server.sh; writes a markdown file.
set -euo pipefail
out=${1:-docs/benchmarks/api.md}
students=${BENCH_STUDENTS:-300}
batch=665f1c2a9b3e4d0012a1c001
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
secret=$("$ACADEMY_BIN" grant --batch "$batch" --label bench | tail -n 1)

# wrk's own percentiles (microseconds) for p95, which --latency does not print.
percentiles='done = function(summary, latency, requests)
  io.write(string.format("p95 %dus\n", latency:percentile(95)))
end'
script() { # file header...
  local file=$1; shift
  { for header in "$@"; do printf 'wrk.headers["%s"] = "%s"\n' "${header%%: *}" "${header#*: }"; done
    echo "$percentiles"; } > "$file"
}
script "$work/plain.lua"
script "$work/secret.lua" "X-Secret-Id: $secret"
script "$work/gzip.lua" "Accept-Encoding: gzip"

us() { # wrk's "1.23ms" / "456.00us" / "1.2s", or a count of microseconds, as milliseconds
  awk -v t="$1" 'BEGIN { n = t + 0; if (t ~ /us$/) n /= 1000; else if (t ~ /ms$/) n += 0; else if (t ~ /s$/) n *= 1000; else n /= 1000; printf "%.2f ms", n }'
}

run() { # name path script [connections] [shown path]
  local name=$1 path=$2 script=$3 connections=${4:-32} shown=${5:-$2}
  local result threads=2
  [ "$connections" -lt 2 ] && threads=1
  result=$(wrk -t"$threads" -c"$connections" -d10s --latency -s "$script" "$BASE_URL$path")
  local rps p50 p95 p99 errors bytes
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$result")
  p50=$(awk '$1=="50%" {print $2}' <<<"$result")
  p95=$(awk '$1=="p95" {print $2}' <<<"$result")
  p99=$(awk '$1=="99%" {print $2}' <<<"$result")
  errors=$(awk '/Non-2xx/ {print $NF}' <<<"$result")
  local headers=()
  [ "$script" = "$work/secret.lua" ] && headers=(-H "X-Secret-Id: $secret")
  [ "$script" = "$work/gzip.lua" ] && headers=(-H "Accept-Encoding: gzip")
  bytes=$(curl -fsS "${headers[@]}" "$BASE_URL$path" | wc -c)
  printf '| %s | `%s` | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$shown" "$connections" "$rps" \
    "$(us "$p50")" "$(us "${p95%us}")" "$(us "$p99")" "$(awk -v b="$bytes" 'BEGIN { printf "%.1f KB", b / 1000 }')" "${errors:-0}"
}

# A 2-hour lecture: its ladder's playlists in the lecture folder, its record imported as a ready recording.
lecture=$(python3 infra/scripts/long_lecture.py "$ACADEMY_LECTURES" "$work/long-lecture.json" --hours 2)
"$ACADEMY_BIN" import "$work/long-lecture.json" >/dev/null
master=$(curl -fsS -H "X-Secret-Id: $secret" "$BASE_URL/api/batches/$batch/videos" |
  python3 -c "import json, sys; print(next(v['url'] for v in json.load(sys.stdin)['videos'] if v['lectureNumber'] == $lecture))")
media=$(curl -fsS "$BASE_URL$master" | grep -v '^#' | head -n 1)
segments=$(curl -fsS "$BASE_URL$media" | grep -vc '^#')

{
  echo "# API benchmark"
  echo
  echo "\`make bench-api\`: wrk (10 s per row, 2 threads; 32 connections unless the row says) against \`academy serve\`"
  echo "(profile \`bench-server\`, embedded SQLite store with the demo catalog) on loopback, on this"
  echo "2-core machine. Measured $(date -u +%Y-%m-%d). Answer: one answer's body as sent (gzip where the row asks for it)."
  echo
  echo "| endpoint | path | connections | requests/s | p50 | p95 | p99 | answer | non-2xx |"
  echo "|---|---|---|---|---|---|---|---|---|"
  run "health" "/api/health" "$work/plain.lua"
  run "courses" "/api/courses" "$work/plain.lua"
  run "outline" "/api/outline/665f1c2a9b3e4d0012a1b001" "$work/plain.lua"
  run "batches of a course" "/api/batches/course/665f1c2a9b3e4d0012a1b001" "$work/plain.lua"
  run "videos (valid Secret ID)" "/api/batches/$batch/videos" "$work/secret.lua"
  run "home page (static, gzip)" "/" "$work/plain.lua"
  run "2-hour lecture: master playlist (gzip)" "$master" "$work/gzip.lua" 32 "${master%%\?*}?…"
  run "2-hour lecture: media playlist, $segments segments (gzip)" "$media" "$work/gzip.lua" 32 "${media%%\?*}?…"
  run "2-hour lecture: media playlist, one student (gzip)" "$media" "$work/gzip.lua" 1 "${media%%\?*}?…"
  echo
  echo "The 2-hour lecture is generated (\`infra/scripts/long_lecture.py\`): the ladder's playlists for 2 hours of"
  echo "$(python3 -c 'import json; print(json.load(open("infra/media/ladder.json"))["segmentSeconds"])') s segments (a master and one media playlist per rung, $segments segments each) in the lecture folder,"
  echo "its record imported ready. Each media playlist answer reads the grant again and signs its segments' links once"
  echo "for the rung (locally: one HMAC link of the lecture function for \`master_360p_\`; in AWS one CloudFront policy,"
  echo "the same code path with \`S3Files\`: docs/decisions/0047-one-signature-a-playlist.md). \"videos\" non-2xx are 429s: 32 Secret ID"
  echo "checks at once from one address, past the per-client limit of 10 checks under way (\`limits::SECRET_ID_GUESSES\`)."
  if [ -n "${OIDC_ISSUER:-}" ]; then
    echo
    echo "## A class opening its lectures at once"
    echo
    echo "\`infra/scripts/bench_class.py\`: $students students of MERN-07, each signed in at the local OpenID provider"
    echo "(\`infra/bench/class/sign-in.mjs\`) with a Secret ID of their own (\`academy grant\`) linked to their account"
    echo "(\`POST /api/me/batches\`), each on its own connection, do what the lecture page does for lecture $lecture (the"
    echo "2-hour recording above): the lecture list and their progress with their token, the master and first media"
    echo "playlist (gzip), then a progress save every 10 s (the player's \`SAVE_EVERY_MS\`). Signed-in students are not"
    echo "under the Secret ID limit; the client is one Python process on the same two cores. Targets, and what"
    echo "limits the answers: docs/decisions/0044-playlists-signed-with-one-key.md."
    echo
    node infra/bench/class/sign-in.mjs "$OIDC_ISSUER" "$students" > "$work/students.txt"
    python3 infra/scripts/bench_class.py "$work/students.txt" --batch "$batch" --lecture "$lecture" --seconds 60 \
      --save-every 10 --spread 10
    echo
    python3 infra/scripts/bench_class.py "$work/students.txt" --batch "$batch" --lecture "$lecture" --seconds 30 \
      --save-every 10 --spread 0 --no-link
  fi
} > "$out"
cat "$out"

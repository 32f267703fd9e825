#!/usr/bin/env bash
# Markdown table of the built Lambda binaries' sizes. Usage: lambda-sizes.sh LAMBDA_DIR NAME...
set -euo pipefail
dir=$1; shift
echo "# Lambda binaries"
echo
echo "\`make bench-lambdas\`: \`cargo lambda build --release --arm64\` (profile release: opt-level s, thin LTO,"
echo "stripped, panic=abort). Measured $(date -u +%Y-%m-%d)."
echo
echo "| function | bootstrap size | zipped |"
echo "|---|---|---|"
for name in "$@"; do
  file="$dir/$name/bootstrap"
  size=$(stat -c %s "$file")
  zipped=$(gzip -9 -c "$file" | wc -c)
  printf '| %s | %.1f MB | %.1f MB |\n' "$name" "$(echo "$size / 1000000" | bc -l)" "$(echo "$zipped / 1000000" | bc -l)"
done

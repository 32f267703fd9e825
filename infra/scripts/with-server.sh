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
# server's mail links to BASE_URL (ACADEMY_SITE_URL, unless set).
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
oidc=
if [ -n "${OIDC_PORT:-}" ]; then
  export OIDC_ISSUER="http://127.0.0.1:$OIDC_PORT" ACADEMY_CSP_CONNECT="http://127.0.0.1:$OIDC_PORT"
  export ACADEMY_OIDC_ISSUER="$OIDC_ISSUER" ACADEMY_OIDC_CLIENT_ID="${OIDC_CLIENT_ID:-academy-local}"
  node infra/oidc/server.mjs >"$work/oidc.log" 2>&1 &
  oidc=$!
fi
"$academy" serve --port "$port" --site site/build/client >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server $oidc 2>/dev/null; wait $server $oidc 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do
  curl -fsS "$BASE_URL/api/health" >/dev/null 2>&1 && break
  kill -0 $server 2>/dev/null || { cat "$work/server.log"; exit 1; }
  sleep 0.1
done
if [ -n "$oidc" ]; then
  for _ in $(seq 1 100); do
    curl -fsS "$OIDC_ISSUER/.well-known/openid-configuration" >/dev/null 2>&1 && break
    kill -0 $oidc 2>/dev/null || { cat "$work/oidc.log"; exit 1; }
    sleep 0.1
  done
fi
"$@"

#!/usr/bin/env bash
# Runs ContactsClientExample (the ContactsManager SDK's samples, PROTOCOL §9) against a fresh
# in-memory `contacts serve --listen 127.0.0.1:0` with a throwaway JWT secret, then stops the
# server. Usage: scripts/client/run-example.sh [BUILD_DIR]  (default .build/debug, which must
# hold `contacts` and `ContactsClientExample`).
set -euo pipefail
bin=${1:-.build/debug}
for program in contacts ContactsClientExample; do
    [ -x "$bin/$program" ] || { echo "run-example: $bin/$program is missing; run make client-example" >&2; exit 1; }
done
work=$(mktemp -d)
server=""
cleanup() {
    if [ -n "$server" ]; then
        kill -TERM "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$work/secret"
"$bin/contacts" serve --listen 127.0.0.1:0 --jwt-secret-file "$work/secret" 2>"$work/server.log" &
server=$!
url=""
# The server prints `listening on http://127.0.0.1:PORT` on stderr once bound (up to 30 s).
for _ in $(seq 300); do
    url=$(sed -n 's|^listening on \(http://[^ ]*\)$|\1|p' "$work/server.log")
    [ -n "$url" ] && break
    if ! kill -0 "$server" 2>/dev/null; then
        echo "run-example: the server exited:" >&2
        cat "$work/server.log" >&2
        exit 1
    fi
    sleep 0.1
done
[ -n "$url" ] || { echo "run-example: the server printed no address" >&2; exit 1; }
echo "server: $url" >&2
CONTACTS_BASE_URL=$url \
    CONTACTS_USER_TOKEN=$("$bin/contacts" token --jwt-secret-file "$work/secret" --sub example-ann) \
    CONTACTS_SERVICE_TOKEN=$("$bin/contacts" token --jwt-secret-file "$work/secret" --sub example-backend --service) \
    "$bin/ContactsClientExample"

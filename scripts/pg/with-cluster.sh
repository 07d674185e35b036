#!/usr/bin/env bash
# shellcheck disable=SC2317  # cleanup and on_signal run from traps
# Runs CMD with a throwaway PostgreSQL cluster, then stops it and removes it.
#
#   scripts/pg/with-cluster.sh CMD [ARGS...]      e.g. scripts/pg/with-cluster.sh swift test
#
# CMD sees:
#   CONTACTS_TEST_POSTGRES_URL  postgresql://postgres@127.0.0.1:PORT/contacts_test
#   PGHOST PGPORT PGUSER PGDATABASE   the same, for psql and libpq defaults
#   CONTACTS_TEST_PG_CLUSTER    the path of cluster.sh, for tests that start more clusters
#   CONTACTS_TEST_PG_BIN        the PostgreSQL bin directory cluster.sh uses
#   CONTACTS_TEST_PG_DIR        the directory of this cluster (for cluster.sh restart ...)
#   CONTACTS_TEST_PG_SCRATCH    a directory for more clusters: every cluster made directly
#                               inside it is killed and removed with this one
#
# The exit status is CMD's (130 or 143 when this script is interrupted). Every cluster is
# shut down (immediately: it is thrown away) and the directory removed on any exit,
# including CMD failing and SIGINT/SIGTERM; CONTACTS_TEST_PG_KEEP=1 keeps the directory
# (servers still stopped) for a post-mortem. When CMD fails under CI=true, the end of each
# server log is printed to stderr before the directory goes.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cluster="$here/cluster.sh"

if [ $# -eq 0 ]; then
    sed -n '3,21p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/contacts-pg.XXXXXX") || exit 1
# As root the servers run as postgres, which must be able to enter this directory.
if [ "$(id -u)" -eq 0 ]; then chmod 755 "$scratch"; fi
child=
status=1

# The clusters made in $scratch: its subdirectories (and theirs) holding data/PG_VERSION.
clusters() {
    find "$scratch" -mindepth 3 -maxdepth 4 -path '*/data/PG_VERSION' -printf '%h\n' 2>/dev/null \
        | sed 's|/data$||'
}

cleanup() {
    trap - EXIT INT TERM
    local dir
    for dir in $(clusters); do
        if [ "$status" -ne 0 ] && [ "${CI:-}" = true ] && [ -f "$dir/server.log" ]; then
            echo "with-cluster.sh: the end of $dir/server.log:" >&2
            tail -n 40 "$dir/server.log" >&2
        fi
        "$cluster" kill "$dir" >/dev/null 2>&1 || echo "with-cluster.sh: could not stop the server in $dir" >&2
    done
    if [ "${CONTACTS_TEST_PG_KEEP:-}" = 1 ]; then
        echo "with-cluster.sh: kept $scratch" >&2
    else
        rm -rf -- "$scratch"
    fi
    exit "$status"
}

on_signal() {
    status=$1
    if [ -n "$child" ]; then
        # The command runs in the background (so this trap runs at once): it ignores SIGINT,
        # as asynchronous commands do, so it is asked to stop with SIGTERM.
        kill -TERM "$child" 2>/dev/null
        wait "$child" 2>/dev/null
    fi
    cleanup
}

trap cleanup EXIT
trap 'on_signal 130' INT
trap 'on_signal 143' TERM

dir="$scratch/main"
url=$("$cluster" start "$dir") || {
    echo "with-cluster.sh: could not start a PostgreSQL cluster" >&2
    exit 1
}
port=$("$cluster" uri "$dir" | sed 's|.*:\([0-9]*\)/.*|\1|')
bin=$("$cluster" bin)

export CONTACTS_TEST_POSTGRES_URL="$url"
export PGHOST=127.0.0.1 PGPORT="$port" PGUSER=postgres PGDATABASE=contacts_test
export CONTACTS_TEST_PG_CLUSTER="$cluster"
export CONTACTS_TEST_PG_BIN="$bin"
export CONTACTS_TEST_PG_DIR="$dir"
export CONTACTS_TEST_PG_SCRATCH="$scratch"

# `<&0` keeps the terminal as CMD's input (a background command gets /dev/null otherwise).
"$@" <&0 &
child=$!
wait "$child"
status=$?
child=
exit "$status"

#!/usr/bin/env bash
# shellcheck disable=SC2317  # on_signal runs from a trap
# A local deployment to try several engines on one PostgreSQL store (PROTOCOL §8):
# a PostgreSQL primary with a synchronous streaming-replication standby (scripts/pg/cluster.sh),
# and three `contacts serve --listen` engines on the multi-host URI of both servers
# (target_session_attrs=read-write: the engines write to whichever is the primary), one JWT
# secret for all three.
#
#   scripts/deploy/local.sh [start] [--dir DIR] [--ports P1,P2,P3]
#       starts everything, prints how to call the engines, then waits: Ctrl-C stops it all
#   scripts/deploy/local.sh start --detach [--dir DIR] [--ports P1,P2,P3]
#       the same, but returns once everything is up (stop it with `stop`)
#   scripts/deploy/local.sh stop [--dir DIR]
#       stops the engines (SIGTERM: they finish what is in flight) and both servers, and
#       removes DIR
#
# DIR (default /tmp/contacts-deploy; under /tmp because, as root, the servers run as the
# postgres OS user, which must be able to reach it) holds primary/ and standby/ (the
# clusters), secret (the JWT secret), engine-N.log and engine-N.pid. The ports default to
# 8081,8082,8083, on 127.0.0.1. The `contacts` binary is $CONTACTS_BIN, else the release build
# of this checkout (built when missing: swift build -c release --product contacts).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
cluster="$root/scripts/pg/cluster.sh"
# Seconds an engine may take to load the store and listen.
readonly START_SECONDS=120

die() {
    echo "local.sh: $*" >&2
    exit 1
}

usage() {
    sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

command=start
if [ $# -gt 0 ] && [[ "$1" != -* ]]; then
    command=$1
    shift
fi
dir=/tmp/contacts-deploy
ports=8081,8082,8083
detach=0
while [ $# -gt 0 ]; do
    case "$1" in
    --dir)
        [ $# -ge 2 ] || die "--dir needs a directory"
        dir=$2
        shift 2
        ;;
    --ports)
        [ $# -ge 2 ] || die "--ports needs three port numbers, P1,P2,P3"
        ports=$2
        shift 2
        ;;
    --detach)
        detach=1
        shift
        ;;
    -h | --help) usage ;;
    *) die "unknown option $1 (see --help)" ;;
    esac
done
dir=$(realpath -m -- "$dir")
IFS=, read -r -a port_list <<<"$ports"
[ "${#port_list[@]}" -eq 3 ] || die "--ports needs three port numbers, P1,P2,P3, not '$ports'"
for port in "${port_list[@]}"; do
    if ! [[ "$port" =~ ^[0-9]+$ ]] || [ "$port" -lt 1 ] || [ "$port" -gt 65535 ]; then
        die "'$port' is not a TCP port number"
    fi
done

# Stops the engines (by the pids this script wrote) and both servers; removes DIR.
stop_all() {
    local pid_file pid
    for pid_file in "$dir"/engine-*.pid; do
        [ -f "$pid_file" ] || continue
        pid=$(cat -- "$pid_file")
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
            # SIGTERM: the engine answers what is in flight and exits.
            local waited=0
            while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 300 ]; do
                sleep 0.1
                waited=$((waited + 1))
            done
            kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
        fi
        rm -f -- "$pid_file"
    done
    local server
    for server in standby primary; do
        if [ -f "$dir/$server/data/PG_VERSION" ]; then
            "$cluster" stop "$dir/$server" >/dev/null || echo "local.sh: could not stop $dir/$server" >&2
        fi
    done
    rm -rf -- "$dir"
}

if [ "$command" = stop ]; then
    [ -d "$dir" ] || die "$dir holds no deployment"
    stop_all
    echo "stopped and removed $dir"
    exit 0
fi
[ "$command" = start ] || die "unknown command $command (start or stop)"

if [ -e "$dir" ]; then
    die "$dir exists: a deployment is running there ($0 stop --dir $dir) or left over (remove it)"
fi

contacts=${CONTACTS_BIN:-}
if [ -z "$contacts" ]; then
    contacts="$root/.build/release/contacts"
    if [ ! -x "$contacts" ]; then
        echo "building contacts (release)..." >&2
        (cd "$root" && swift build -c release --product contacts >&2)
    fi
fi
[ -x "$contacts" ] || die "$contacts is not an executable"

on_signal() {
    echo >&2
    echo "local.sh: stopping..." >&2
    stop_all
    exit 130
}
trap on_signal INT TERM
# A failure while starting leaves nothing running.
started=0
trap '[ "$started" -eq 1 ] || stop_all' EXIT

mkdir -p -- "$dir"
chmod 755 "$dir"
primary_url=$("$cluster" start "$dir/primary")
standby_url=$("$cluster" standby "$dir/primary" "$dir/standby")
primary_port=$(cat "$dir/primary/port")
standby_port=$(cat "$dir/standby/port")
uri="postgresql://postgres@127.0.0.1:$primary_port,127.0.0.1:$standby_port/contacts_test?target_session_attrs=read-write"

umask 077
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$dir/secret"
umask 022

for index in 0 1 2; do
    "$contacts" serve --listen "127.0.0.1:${port_list[$index]}" --store "$uri" \
        --jwt-secret-file "$dir/secret" >"$dir/engine-$((index + 1)).log" 2>&1 </dev/null &
    echo $! >"$dir/engine-$((index + 1)).pid"
done
for index in 0 1 2; do
    port=${port_list[$index]}
    waited=0
    until [ "$(curl -s -o /dev/null -w '%{http_code}' --noproxy '*' "http://127.0.0.1:$port/readyz")" = 200 ]; do
        if ! kill -0 "$(cat "$dir/engine-$((index + 1)).pid")" 2>/dev/null; then
            cat "$dir/engine-$((index + 1)).log" >&2
            die "engine $((index + 1)) (port $port) exited"
        fi
        [ "$waited" -lt $((START_SECONDS * 10)) ] || die "engine $((index + 1)) is not ready after ${START_SECONDS}s"
        sleep 0.1
        waited=$((waited + 1))
    done
done
started=1

service_token=$("$contacts" token --jwt-secret-file "$dir/secret" --sub backend --service --ttl 86400)
alice_token=$("$contacts" token --jwt-secret-file "$dir/secret" --sub alice --ttl 86400)
p1=${port_list[0]} p2=${port_list[1]} p3=${port_list[2]}
cat <<INFO
A local deployment is running in $dir:
  PostgreSQL primary  $primary_url
  PostgreSQL standby  $standby_url  (synchronous streaming replication)
  engines             http://127.0.0.1:$p1  http://127.0.0.1:$p2  http://127.0.0.1:$p3
                      --store '$uri'
                      logs: $dir/engine-{1,2,3}.log

Tokens (24 h; mint more: $contacts token --jwt-secret-file $dir/secret --sub USER [--service]):
  SERVICE=$service_token
  ALICE=$alice_token

Register alice on engine 1 (the answer's Contacts-Position header is its position):
  curl -si --noproxy '*' http://127.0.0.1:$p1/rpc -H "Authorization: Bearer \$ALICE" -H 'Content-Type: application/json' \\
    -d '{"jsonrpc":"2.0","id":1,"method":"registerUser","params":{"phone":"+1 415 555 0100","displayName":"Alice"}}'
Read alice on engine 3, waiting for that position (here 1; without it: not_found until engine 3 applied it):
  curl -si --noproxy '*' http://127.0.0.1:$p3/rpc -H "Authorization: Bearer \$SERVICE" -H 'Content-Type: application/json' \\
    -H 'Contacts-Min-Position: 1' -d '{"jsonrpc":"2.0","id":2,"method":"getFollowers","params":{"as":"alice"}}'
Health and metrics (no token): curl -s http://127.0.0.1:$p2/readyz ; curl -s http://127.0.0.1:$p2/metrics
Failover: $cluster kill $dir/primary ; $cluster promote $dir/standby
  (writes answer "unavailable" until the standby is promoted, reads go on; the engines reconnect by themselves)

INFO
if [ "$detach" -eq 1 ]; then
    echo "Stop it all with: $0 stop --dir $dir"
    exit 0
fi
echo "Ctrl-C stops it all (or, from another shell: $0 stop --dir $dir)."
# Waits until an engine exits (or a signal arrives: the trap stops everything).
while :; do
    for index in 1 2 3; do
        pid_file="$dir/engine-$index.pid"
        pid=$(cat -- "$pid_file" 2>/dev/null) || pid=
        if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then
            # `stop` from another shell removes the pid files after the engines exit.
            sleep 1
        fi
        if [ ! -f "$pid_file" ]; then
            echo "local.sh: the deployment was stopped" >&2
            exit 0
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "local.sh: engine $index exited; the end of its log:" >&2
            tail -n 20 "$dir/engine-$index.log" >&2
            stop_all
            exit 1
        fi
    done
    sleep 1
done

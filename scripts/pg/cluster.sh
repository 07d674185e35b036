#!/usr/bin/env bash
# Throwaway PostgreSQL clusters for tests and benchmarks.
#
#   cluster.sh start DIR [--port N]      initdb into DIR/data when new, start, print the URI
#   cluster.sh stop DIR                  fast shutdown (no-op when not running)
#   cluster.sh kill DIR                  immediate shutdown: a crash, recovery at next start
#   cluster.sh restart DIR               immediate shutdown, then start on the same port
#   cluster.sh standby PRIMARY_DIR STANDBY_DIR [--port N]
#                                        base backup of a running primary, started as its
#                                        synchronous streaming standby; prints its URI
#   cluster.sh promote DIR               promote a standby to primary; prints its URI
#   cluster.sh uri DIR                   print the URI of a cluster made by this script
#   cluster.sh status DIR                exit 0 when the server is running, 3 when not
#   cluster.sh bin                       print the PostgreSQL bin directory in use
#
# DIR is a directory this script owns: DIR/data (the cluster), DIR/run (its Unix socket),
# DIR/server.log, DIR/port. The server listens on 127.0.0.1 only, trusts every role there
# and on its socket, and has one superuser `postgres` and a database `contacts_test`:
# the URI is postgresql://postgres@127.0.0.1:PORT/contacts_test.
#
# As root (CI), the server and every tool run as the `postgres` OS user (DIR is chowned to
# it, so DIR's parents must be searchable by it: use a directory under /tmp); otherwise as
# the current user. The PostgreSQL binaries come from $PG_BIN, else the newest
# /usr/lib/postgresql/*/bin, else the directory of `initdb` on the PATH.
set -euo pipefail

readonly ROLE=postgres
readonly DATABASE=contacts_test
# Seconds pg_ctl waits for a start, stop or promotion, and this script for replication.
readonly WAIT_SECONDS=60
# Free ports are drawn below Linux's default ephemeral range (32768-60999), so that a
# server never takes a port the kernel is about to give an outgoing connection.
readonly PORT_LOW=20000
readonly PORT_HIGH=32000
# Attempts at starting a new cluster when the drawn port was taken between the check and
# the bind (parallel test runs).
readonly PORT_ATTEMPTS=8

# Settings for a test cluster. Durability stays on (fsync, full_page_writes, synchronous
# commit are PostgreSQL's defaults): crash tests kill the server and expect every
# acknowledged commit back. Memory is small so several clusters fit beside a build.
readonly TEST_SETTINGS="
# --- cluster.sh: settings for a throwaway test cluster ---
listen_addresses = '127.0.0.1'
max_connections = 200
shared_buffers = 32MB
work_mem = 4MB
maintenance_work_mem = 32MB
fsync = on
full_page_writes = on
synchronous_commit = on
wal_level = replica
max_wal_senders = 10
max_replication_slots = 10
wal_keep_size = 64MB
hot_standby = on
max_wal_size = 256MB
checkpoint_timeout = 5min
dynamic_shared_memory_type = posix
timezone = 'UTC'
log_timezone = 'UTC'
lc_messages = 'C'
log_line_prefix = '%m [%p] %q%a '
log_min_messages = warning
log_checkpoints = off
include_if_exists = 'instance.conf'
"

die() {
    echo "cluster.sh: $*" >&2
    exit 1
}

usage() {
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# Settings from the caller's environment must not redirect the tools this script runs.
unset PGHOST PGHOSTADDR PGPORT PGUSER PGDATABASE PGSERVICE PGSERVICEFILE PGOPTIONS \
    PGTARGETSESSIONATTRS PGSSLMODE PGCONNECT_TIMEOUT PGDATA

find_bin() {
    local candidate
    if [ -n "${PG_BIN:-}" ]; then
        candidate=$PG_BIN
    else
        candidate=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null \
            | sort -V | tail -n 1)
        if [ -z "$candidate" ] && command -v initdb >/dev/null 2>&1; then
            candidate=$(dirname "$(readlink -f "$(command -v initdb)")")
        fi
    fi
    [ -n "$candidate" ] || die "no PostgreSQL server binaries found; install them (Debian: apt-get install -y postgresql) or set PG_BIN"
    local tool
    for tool in initdb pg_ctl pg_basebackup psql postgres; do
        [ -x "$candidate/$tool" ] || die "$candidate/$tool is missing; set PG_BIN to a PostgreSQL bin directory"
    done
    echo "$candidate"
}

BIN=$(find_bin)
readonly BIN

# The OS user a new cluster belongs to: postgres when root (initdb refuses root).
new_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        getent passwd postgres >/dev/null || die "running as root needs the 'postgres' OS user (apt-get install -y postgresql creates it)"
        echo postgres
    else
        id -un
    fi
}

# Runs "$@" as OS user $1, from / so that an unreadable working directory does not matter.
run_as() {
    local user=$1
    shift
    if [ "$user" = "$(id -un)" ]; then
        (cd / && "$@")
    elif [ "$(id -u)" -eq 0 ]; then
        if command -v runuser >/dev/null 2>&1; then
            (cd / && runuser -u "$user" -- "$@")
        else
            (cd / && su -s /bin/sh "$user" -c "$(printf '%q ' "$@")")
        fi
    else
        die "the cluster belongs to $user; run this script as $user or as root"
    fi
}

absolute() {
    realpath -m -- "$1"
}

owner_of() {
    stat -c %U -- "$1/data"
}

is_cluster() {
    [ -f "$1/data/PG_VERSION" ]
}

port_of() {
    [ -f "$1/port" ] || die "$1/port is missing: $1 was not made by cluster.sh"
    cat -- "$1/port"
}

uri_for_port() {
    echo "postgresql://$ROLE@127.0.0.1:$1/$DATABASE"
}

is_running() {
    local dir=$1 code=0
    run_as "$(owner_of "$dir")" "$BIN/pg_ctl" -D "$dir/data" status >/dev/null 2>&1 || code=$?
    [ "$code" -eq 0 ]
}

port_in_use() {
    if command -v ss >/dev/null 2>&1; then
        [ -n "$(ss -Htln "sport = :$1" 2>/dev/null)" ]
    else
        (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
    fi
}

pick_port() {
    local port tries=0
    while [ "$tries" -lt 200 ]; do
        port=$((PORT_LOW + (RANDOM * 32768 + RANDOM) % (PORT_HIGH - PORT_LOW)))
        if ! port_in_use "$port"; then
            echo "$port"
            return
        fi
        tries=$((tries + 1))
    done
    die "no free TCP port found on 127.0.0.1 in $PORT_LOW-$PORT_HIGH"
}

# Writes the settings that differ between a primary and its standbys (port, socket).
write_instance_conf() {
    local dir=$1 port=$2 owner
    owner=$(owner_of "$dir")
    local socket_path="$dir/run/.s.PGSQL.$port"
    [ "${#socket_path}" -lt 108 ] || die "the socket path $socket_path is too long for a Unix socket (107 bytes at most): use a shorter DIR"
    run_as "$owner" mkdir -p "$dir/run"
    printf "# cluster.sh: this instance's own settings (rewritten for a standby)\nport = %s\nunix_socket_directories = '%s'\n" \
        "$port" "$dir/run" | run_as "$owner" tee "$dir/data/instance.conf" >/dev/null
    echo "$port" | run_as "$owner" tee "$dir/port" >/dev/null
}

# psql on the cluster's socket as the superuser: unaligned, tuples only, stop on error.
sql() {
    local dir=$1 database=$2 query=$3
    run_as "$(owner_of "$dir")" "$BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h "$dir/run" \
        -p "$(port_of "$dir")" -U "$ROLE" -d "$database" -c "$query"
}

# Starts the server of DIR; with auto=1 a port taken at bind time makes it draw another.
start_server() {
    local dir=$1 auto=$2 owner attempt=1 log_size
    owner=$(owner_of "$dir")
    while :; do
        log_size=$(stat -c %s -- "$dir/server.log" 2>/dev/null || echo 0)
        if run_as "$owner" "$BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t "$WAIT_SECONDS" \
            start >/dev/null; then
            return
        fi
        local new_lines
        new_lines=$(tail -c "+$((log_size + 1))" -- "$dir/server.log" 2>/dev/null || true)
        if [ "$auto" -eq 1 ] && [ "$attempt" -lt "$PORT_ATTEMPTS" ] \
            && grep -q -e "could not bind" -e "Address already in use" <<<"$new_lines"; then
            attempt=$((attempt + 1))
            write_instance_conf "$dir" "$(pick_port)"
            continue
        fi
        echo "cluster.sh: the server in $dir did not start; the end of $dir/server.log:" >&2
        tail -n 30 <<<"$new_lines" >&2
        exit 1
    done
}

prepare_dir() {
    local dir=$1 owner=$2
    mkdir -p -- "$dir"
    if [ "$(id -u)" -eq 0 ] && [ "$owner" != root ]; then
        chown "$owner:" -- "$dir"
        chmod 700 -- "$dir"
        if ! run_as "$owner" test -w "$dir" -a -x "$dir"; then
            local blocked=/ part
            local -a parts
            IFS=/ read -r -a parts <<<"${dir#/}"
            for part in "${parts[@]}"; do
                run_as "$owner" test -x "$blocked" || break
                blocked="${blocked%/}/$part"
            done
            die "$owner cannot reach $dir: $owner cannot search $blocked (chmod o+x it, or use a directory under /tmp)"
        fi
    fi
}

parse_port_option() {
    PORT_OPTION=
    while [ $# -gt 0 ]; do
        case "$1" in
        --port)
            [ $# -ge 2 ] || die "--port needs a number"
            PORT_OPTION=$2
            shift 2
            ;;
        --port=*)
            PORT_OPTION=${1#--port=}
            shift
            ;;
        *) die "unknown option $1" ;;
        esac
    done
    if [ -n "$PORT_OPTION" ]; then
        if ! [[ "$PORT_OPTION" =~ ^[0-9]+$ ]] || [ "$PORT_OPTION" -lt 1 ] || [ "$PORT_OPTION" -gt 65535 ]; then
            die "--port must be a TCP port number, not '$PORT_OPTION'"
        fi
    fi
}

cmd_start() {
    [ $# -ge 1 ] || usage
    local dir
    dir=$(absolute "$1")
    shift
    parse_port_option "$@"
    local auto=0 fresh=0 owner
    if is_cluster "$dir"; then
        owner=$(owner_of "$dir")
        is_running "$dir" && die "the server in $dir is already running (port $(port_of "$dir"))"
        if [ -n "$PORT_OPTION" ]; then write_instance_conf "$dir" "$PORT_OPTION"; fi
    else
        owner=$(new_owner)
        prepare_dir "$dir" "$owner"
        [ -z "$(ls -A -- "$dir")" ] || die "$dir is neither empty nor a cluster made by cluster.sh"
        run_as "$owner" "$BIN/initdb" -D "$dir/data" -U "$ROLE" -E UTF8 --locale=C --auth=trust \
            --no-sync --no-instructions >"$dir/initdb.log" 2>&1 \
            || { cat -- "$dir/initdb.log" >&2; die "initdb failed in $dir"; }
        printf '%s\n' "# cluster.sh: a throwaway test cluster, reachable from this machine only" \
            "local all all trust" "local replication all trust" \
            "host all all 127.0.0.1/32 trust" "host replication all 127.0.0.1/32 trust" \
            | run_as "$owner" tee "$dir/data/pg_hba.conf" >/dev/null
        printf '%s\n' "$TEST_SETTINGS" | run_as "$owner" tee -a "$dir/data/postgresql.conf" >/dev/null
        if [ -n "$PORT_OPTION" ]; then
            write_instance_conf "$dir" "$PORT_OPTION"
        else
            auto=1
            write_instance_conf "$dir" "$(pick_port)"
        fi
        fresh=1
    fi
    start_server "$dir" "$auto"
    if [ "$fresh" -eq 1 ]; then
        sql "$dir" postgres "CREATE DATABASE $DATABASE" >/dev/null
    fi
    uri_for_port "$(port_of "$dir")"
}

shutdown_server() {
    local dir=$1 mode=$2
    is_cluster "$dir" || die "$dir is not a cluster made by cluster.sh"
    is_running "$dir" || return 0
    run_as "$(owner_of "$dir")" "$BIN/pg_ctl" -D "$dir/data" -m "$mode" -w -t "$WAIT_SECONDS" stop >/dev/null
}

cmd_stop() {
    [ $# -eq 1 ] || usage
    shutdown_server "$(absolute "$1")" fast
}

cmd_kill() {
    [ $# -eq 1 ] || usage
    shutdown_server "$(absolute "$1")" immediate
}

cmd_restart() {
    [ $# -eq 1 ] || usage
    local dir
    dir=$(absolute "$1")
    shutdown_server "$dir" immediate
    start_server "$dir" 0
    uri_for_port "$(port_of "$dir")"
}

# Polls `query` on the cluster in DIR until it prints "t", for WAIT_SECONDS at most.
wait_until() {
    local dir=$1 query=$2 what=$3 waited=0
    while [ "$(sql "$dir" postgres "$query" 2>/dev/null || true)" != t ]; do
        [ "$waited" -lt $((WAIT_SECONDS * 10)) ] || die "timed out waiting for $what"
        sleep 0.1
        waited=$((waited + 1))
    done
}

cmd_standby() {
    [ $# -ge 2 ] || usage
    local primary standby
    primary=$(absolute "$1")
    standby=$(absolute "$2")
    shift 2
    parse_port_option "$@"
    is_cluster "$primary" || die "$primary is not a cluster made by cluster.sh"
    is_running "$primary" || die "the primary in $primary is not running"
    is_cluster "$standby" && die "$standby already holds a cluster"
    local owner primary_port name
    owner=$(owner_of "$primary")
    primary_port=$(port_of "$primary")
    # application_name and replication slot: lower case letters, digits and _ only.
    name=$(basename -- "$standby" | tr '[:upper:]' '[:lower:]' | tr -c 'a-z0-9_\n' '_' | cut -c 1-50)
    name="standby_$name"
    prepare_dir "$standby" "$owner"
    [ -z "$(ls -A -- "$standby")" ] || die "$standby is not empty"
    run_as "$owner" "$BIN/pg_basebackup" -D "$standby/data" -h 127.0.0.1 -p "$primary_port" -U "$ROLE" \
        -X stream -R -C -S "$name" -c fast --no-sync >"$standby/basebackup.log" 2>&1 \
        || { cat -- "$standby/basebackup.log" >&2; die "pg_basebackup from $primary failed"; }
    # Later lines win: replace -R's primary_conninfo with one naming this standby, and
    # keep a promoted standby from waiting on standbys of its own.
    printf '%s\n' "# cluster.sh: this standby's replication settings" \
        "primary_conninfo = 'host=127.0.0.1 port=$primary_port user=$ROLE application_name=$name'" \
        "primary_slot_name = '$name'" "synchronous_standby_names = ''" \
        | run_as "$owner" tee -a "$standby/data/postgresql.auto.conf" >/dev/null
    local auto=0
    if [ -n "$PORT_OPTION" ]; then
        write_instance_conf "$standby" "$PORT_OPTION"
    else
        auto=1
        write_instance_conf "$standby" "$(pick_port)"
    fi
    start_server "$standby" "$auto"
    wait_until "$primary" \
        "SELECT EXISTS (SELECT FROM pg_stat_replication WHERE application_name = '$name' AND state = 'streaming')" \
        "$name to stream from $primary"
    # Every standby of the primary is a candidate: one acknowledgement makes a commit durable.
    local names
    echo "$name" | run_as "$owner" tee -a "$primary/standbys" >/dev/null
    names=$(sort -u -- "$primary/standbys" | sed 's/.*/"&"/' | paste -s -d, -)
    sql "$primary" postgres "ALTER SYSTEM SET synchronous_standby_names = 'ANY 1 ($names)'" >/dev/null
    sql "$primary" postgres "SELECT pg_reload_conf()" >/dev/null
    wait_until "$primary" \
        "SELECT EXISTS (SELECT FROM pg_stat_replication WHERE application_name = '$name' AND sync_state IN ('sync', 'quorum'))" \
        "$name to become a synchronous standby of $primary"
    uri_for_port "$(port_of "$standby")"
}

cmd_promote() {
    [ $# -eq 1 ] || usage
    local dir
    dir=$(absolute "$1")
    is_cluster "$dir" || die "$dir is not a cluster made by cluster.sh"
    is_running "$dir" || die "the server in $dir is not running"
    run_as "$(owner_of "$dir")" "$BIN/pg_ctl" -D "$dir/data" -w -t "$WAIT_SECONDS" promote >/dev/null
    wait_until "$dir" "SELECT NOT pg_is_in_recovery()" "$dir to leave recovery"
    uri_for_port "$(port_of "$dir")"
}

cmd_uri() {
    [ $# -eq 1 ] || usage
    uri_for_port "$(port_of "$(absolute "$1")")"
}

cmd_status() {
    [ $# -eq 1 ] || usage
    local dir
    dir=$(absolute "$1")
    is_cluster "$dir" || die "$dir is not a cluster made by cluster.sh"
    is_running "$dir" || exit 3
}

[ $# -ge 1 ] || usage
command=$1
shift
case "$command" in
start) cmd_start "$@" ;;
stop) cmd_stop "$@" ;;
kill) cmd_kill "$@" ;;
restart) cmd_restart "$@" ;;
standby) cmd_standby "$@" ;;
promote) cmd_promote "$@" ;;
uri) cmd_uri "$@" ;;
status) cmd_status "$@" ;;
bin) echo "$BIN" ;;
-h | --help | help) usage ;;
*) die "unknown command '$command' (start, stop, kill, restart, standby, promote, uri, status, bin)" ;;
esac

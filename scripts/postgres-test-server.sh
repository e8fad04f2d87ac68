#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for Prefs' tests: a new cluster in a temporary folder, on a loopback
# port, run by an unprivileged user, removed again by `stop`. Used by the PrefsPostgres tests (which
# start their own server whenever the binaries are installed) and by CI.
#
#   postgres-test-server.sh check           exit 0 when PostgreSQL's server binaries and psql are
#                                            installed, else print how to install them and exit 3
#   postgres-test-server.sh start [DIR]     create and start a cluster in DIR (default: a new
#                                            temporary folder); print its settings as shell lines:
#                                            PGHOST=… PGPORT=… PGUSER=… PGPASSWORD=… PGDATABASE=… PREFS_PG_DIR=…
#                                            and, when openssl made one, PREFS_PG_CERTIFICATE=… (TLS is on)
#   postgres-test-server.sh stop DIR        stop the cluster and remove DIR
#   postgres-test-server.sh restart DIR     stop it (fast: sessions are cut) and start it again, same port
#   postgres-test-server.sh halt DIR        stop it, keep DIR (for `resume`)
#   postgres-test-server.sh crash DIR       stop it as a crash does (immediate mode: no checkpoint, sessions cut at
#                                            once), keep DIR (for `resume`, which recovers)
#   postgres-test-server.sh resume DIR      start a halted cluster again, same port
#
# PREFS_PG_MAX_CONNECTIONS sets the server's max_connections (default 200; the fleet benchmarks raise it).
# The password is random per cluster and only printed; the server listens on 127.0.0.1 only and
# keeps its socket inside DIR. Nothing outside DIR is touched. With PREFS_PG_OWNER_PID set, `start`
# also leaves a watchdog that stops the cluster once that process has ended (a crashed test run).
set -euo pipefail

# Close descriptors inherited from the caller beyond stdin, stdout and stderr (bash keeps 255): the
# server and the watchdog outlive this script, and must not hold the caller's descriptors open
# (Foundation's Process, for one, waits for a descriptor of its own to close to learn of our exit).
for inherited in /proc/$$/fd/*; do
    inherited="${inherited##*/}"
    case "$inherited" in
    0 | 1 | 2 | 255 | *[!0-9]*) ;;
    *) eval "exec $inherited>&-" 2>/dev/null || true ;;
    esac
done

INSTALL_HINT="apt-get install -y postgresql   (Debian/Ubuntu; or run scripts/ci-postgres.sh)"

find_bindir() {
    # PREFS_POSTGRES_BINDIR names the folder of initdb and pg_ctl (a custom install); nothing else is tried then.
    if [ -n "${PREFS_POSTGRES_BINDIR:-}" ]; then
        if [ -x "$PREFS_POSTGRES_BINDIR/initdb" ] && [ -x "$PREFS_POSTGRES_BINDIR/pg_ctl" ]; then
            echo "$PREFS_POSTGRES_BINDIR"
            return 0
        fi
        return 1
    fi
    if command -v pg_config >/dev/null 2>&1; then
        local bindir
        bindir="$(pg_config --bindir 2>/dev/null || true)"
        if [ -x "$bindir/initdb" ] && [ -x "$bindir/pg_ctl" ]; then
            echo "$bindir"
            return 0
        fi
    fi
    local candidate
    # Debian keeps the server binaries out of PATH, one folder per major version; take the newest.
    for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -n -r); do
        if [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then
            echo "$candidate"
            return 0
        fi
    done
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
        return 0
    fi
    return 1
}

# The user that owns and runs the cluster: ourselves, unless we are root (PostgreSQL refuses to run as root).
server_user() {
    if [ "$(id -u)" != 0 ]; then
        id -un
    elif id postgres >/dev/null 2>&1; then
        echo postgres
    else
        echo nobody
    fi
}

as_server_user() {
    if [ "$(id -u)" != 0 ]; then
        "$@"
    else
        runuser -u "$(server_user)" -- "$@"
    fi
}

require_bindir() {
    if ! BINDIR="$(find_bindir)"; then
        echo "PostgreSQL's server binaries (initdb, pg_ctl) are not installed; install them with: $INSTALL_HINT" >&2
        exit 3
    fi
}

require_cluster() {
    local dir="${1:-}"
    if [ -z "$dir" ] || [ ! -f "$dir/settings" ]; then
        echo "not a test cluster folder: '$dir'" >&2
        exit 2
    fi
}

launch() {
    # Starts the cluster in $1 on port $2; returns pg_ctl's status.
    local dir="$1" port="$2"
    as_server_user "$BINDIR/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1" start >/dev/null
}

start() {
    require_bindir
    local dir="${1:-}"
    if [ -z "$dir" ]; then
        dir="$(mktemp -d "${TMPDIR:-/tmp}/prefs-postgres.XXXXXX")"
    else
        mkdir -p "$dir"
    fi
    local user
    user="$(server_user)"
    chmod 700 "$dir"
    if [ "$(id -u)" = 0 ]; then chown "$user" "$dir"; fi

    local password
    password="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
    printf '%s\n' "$password" >"$dir/password"
    chmod 600 "$dir/password"
    if [ "$(id -u)" = 0 ]; then chown "$user" "$dir/password"; fi
    as_server_user "$BINDIR/initdb" -D "$dir/data" -U prefs --pwfile="$dir/password" \
        --auth-local=scram-sha-256 --auth-host=scram-sha-256 -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
    {
        echo "max_connections = ${PREFS_PG_MAX_CONNECTIONS:-200}"
        echo "shared_buffers = 32MB"
        echo "unix_socket_permissions = 0700"
    } | as_server_user tee -a "$dir/data/postgresql.conf" >/dev/null

    # TLS with a self-signed certificate for 127.0.0.1 and localhost, when openssl is there; plain
    # connections stay allowed.
    local certificate=""
    if command -v openssl >/dev/null 2>&1 &&
        openssl req -new -x509 -days 7 -nodes -subj "/CN=localhost" \
            -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
            -keyout "$dir/server.key" -out "$dir/server.crt" >/dev/null 2>&1; then
        chmod 600 "$dir/server.key"
        if [ "$(id -u)" = 0 ]; then chown "$user" "$dir/server.key" "$dir/server.crt"; fi
        {
            echo "ssl = on"
            echo "ssl_cert_file = '$dir/server.crt'"
            echo "ssl_key_file = '$dir/server.key'"
        } | as_server_user tee -a "$dir/data/postgresql.conf" >/dev/null
        certificate="$dir/server.crt"
    fi

    # A free port: try a few random ones in the dynamic range (bounded).
    local port="" attempt
    for attempt in 1 2 3 4 5 6 7 8 9 10; do
        local candidate=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        if launch "$dir" "$candidate" 2>/dev/null; then
            port="$candidate"
            break
        fi
    done
    if [ -z "$port" ]; then
        echo "could not start PostgreSQL on a free loopback port; see $dir/server.log" >&2
        tail -n 20 "$dir/server.log" >&2 || true
        exit 1
    fi
    cat >"$dir/settings" <<EOF
PGHOST=127.0.0.1
PGPORT=$port
PGUSER=prefs
PGPASSWORD=$password
PGDATABASE=postgres
PREFS_PG_DIR=$dir
EOF
    if [ -n "$certificate" ]; then echo "PREFS_PG_CERTIFICATE=$certificate" >>"$dir/settings"; fi
    if [ -n "${PREFS_PG_OWNER_PID:-}" ]; then
        # Stop the cluster when the process that asked for it ends, even if it crashed.
        local self
        self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
        nohup setsid bash -c 'while kill -0 "$0" 2>/dev/null; do sleep 2; done; "$1" stop "$2"' \
            "$PREFS_PG_OWNER_PID" "$self" "$dir" </dev/null >/dev/null 2>&1 &
    fi
    cat "$dir/settings"
}

port_of() {
    sed -n 's/^PGPORT=//p' "$1/settings"
}

stop() {
    require_cluster "${1:-}"
    require_bindir
    as_server_user "$BINDIR/pg_ctl" -D "$1/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$1"
}

halt() {
    require_cluster "${1:-}"
    require_bindir
    as_server_user "$BINDIR/pg_ctl" -D "$1/data" -m "${2:-fast}" -w stop >/dev/null
}

resume() {
    require_cluster "${1:-}"
    require_bindir
    launch "$1" "$(port_of "$1")"
}

case "${1:-}" in
check)
    require_bindir
    if ! command -v psql >/dev/null 2>&1; then
        echo "psql is not installed (the tests run SQL with it); install it with: $INSTALL_HINT" >&2
        exit 3
    fi
    echo "$BINDIR"
    ;;
start) start "${2:-}" ;;
stop) stop "${2:-}" ;;
restart)
    halt "${2:-}"
    resume "${2:-}"
    ;;
halt) halt "${2:-}" ;;
crash) halt "${2:-}" immediate ;;
resume) resume "${2:-}" ;;
*)
    sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac

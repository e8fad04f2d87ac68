#!/usr/bin/env bash
# The client's instructions per change and instance, counted by valgrind's callgrind: one FleetDriver process with N
# listeners of one namespace, M changes made one at a time by psql, the instructions of the whole process (every
# thread) between the first change and the last one heard by every listener, divided by M × N. Twice: the floor
# (N plain postgres-nio sessions LISTENing, the payload an Int) and Prefs (N PostgresPreferenceStores and containers,
# each observing the key). Instruction counts do not move with the machine's load, so the ratio is steady where times
# are not.
#
#   ./notification-instructions.sh [N] [M] [MODE…]   N listeners (default 20), M changes (default 100); the modes
#                                                    default to "floor prefs"; also "shared" (Prefs instances sharing
#                                                    one listener per process, see FleetDriver)
#   KEEP=DIR ./notification-instructions.sh          keeps the callgrind files, to see where the instructions go
#                                                    (callgrind_annotate --inclusive=yes DIR/prefs.callgrind)
#
# Needs valgrind, PostgreSQL's server binaries and psql, and FleetDriver built in release mode
# (swift build -c release --product FleetDriver, which compare.sh does).
set -euo pipefail
cd "$(dirname "$0")"
listeners="${1:-20}"
changes="${2:-100}"
shift $(($# > 2 ? 2 : $#)) || true
modes=("$@")
[ ${#modes[@]} -gt 0 ] || modes=(floor prefs)
driver=.build/release/FleetDriver
[ -x "$driver" ] || { echo "build FleetDriver first: swift build -c release --product FleetDriver" >&2; exit 1; }
command -v valgrind > /dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

work=$(mktemp -d)
export PREFS_PG_OWNER_PID=$$
settings=$(../scripts/postgres-test-server.sh start)
cluster=$(sed -n 's/^PREFS_PG_DIR=//p' <<< "$settings")
cleanup() {
    exec 3>&- 2> /dev/null || true
    ../scripts/postgres-test-server.sh stop "$cluster" > /dev/null 2>&1 || true
    if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$work"/*.callgrind "$KEEP"/ 2> /dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
# valgrind 3.19 cannot read the DWARF 5 that Swift writes for a binary this size: count a copy without it (the
# symbol table stays, so callgrind_annotate still names the functions).
objcopy --strip-debug "$driver" "$work/FleetDriver"
driver="$work/FleetDriver"
while IFS='=' read -r name value; do
    case "$name" in PG*) export "$name=$value" ;; esac
done <<< "$settings"
export PGSSLMODE=disable

sql() { psql -X -q -v ON_ERROR_STOP=1 -Atc "$1"; }

# Waits until the driver's output has a line matching $2 (within 600 s).
wait_for() {
    local file="$1" pattern="$2" waited=0
    until grep -q -- "$pattern" "$file"; do
        sleep 0.05
        waited=$((waited + 1))
        [ "$waited" -lt 12000 ] || { echo "the driver did not print '$pattern'; it said:" >&2; tail -n 5 "$file" >&2; exit 1; }
    done
}

run() {
    local mode="$1" target
    case "$mode" in
        floor) target=fleet_floor ;;
        *) target=instructions ;;
    esac
    local arguments=("$mode" "$listeners" "$target")
    [ "$mode" = floor ] || arguments=(prefs "$listeners" "$target" one)
    [ "$mode" != shared ] || arguments+=(shared)
    rm -f "$work/in" && mkfifo "$work/in"
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$work/$mode.callgrind" \
        "$driver" "${arguments[@]}" < "$work/in" > "$work/$mode.out" 2> "$work/$mode.err" &
    local pid=$!
    exec 3> "$work/in"
    wait_for "$work/$mode.out" '^ready'
    if [ "$mode" != floor ]; then
        sql "INSERT INTO prefs_values (namespace, key, value) VALUES ('instructions', 'fleet', '1000000')
             ON CONFLICT (namespace, key) DO UPDATE SET value = '1000000'" > /dev/null
        wait_for "$work/$mode.out" '^seen 1000000 '
    fi
    callgrind_control -i on "$pid" > /dev/null 2>&1
    for value in $(seq 1 "$changes"); do
        if [ "$mode" = floor ]; then
            sql "SELECT pg_notify('fleet_floor', '$value')" > /dev/null
        else
            sql "UPDATE prefs_values SET value = '$value' WHERE namespace = 'instructions' AND key = 'fleet'" > /dev/null
        fi
        wait_for "$work/$mode.out" "^seen $value "
    done
    callgrind_control -i off "$pid" > /dev/null 2>&1
    echo quit >&3
    exec 3>&-
    wait "$pid" || true
    local total
    total=$(callgrind_annotate "$work/$mode.callgrind" 2> /dev/null | sed -n 's/^\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,)
    echo "$mode $total"
}

echo "listeners $listeners, changes $changes, $(nproc) cores, load $(cut -d ' ' -f 1-3 /proc/loadavg)"
declare -A totals
for mode in "${modes[@]}"; do
    read -r name total < <(run "$mode")
    totals[$name]=$total
    printf '%-6s %14s instructions, %8.0f per change and listener\n' "$name" "$total" \
        "$(bc -l <<< "$total / ($changes * $listeners)")"
done
if [ -n "${totals[floor]:-}" ]; then
    for mode in "${modes[@]}"; do
        [ "$mode" = floor ] || printf '%s / floor: %.2f\n' "$mode" "$(bc -l <<< "${totals[$mode]} / ${totals[floor]}")"
    done
fi

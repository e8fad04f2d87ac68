#!/usr/bin/env bash
# Runs every Prefs benchmark next to its Foundation twin or floor, prints one table of medians and ratios, and checks
# the regression limits checked in under Thresholds/: a value above its limit fails this script (exit 1) with a
# line naming the benchmark, the value and the limit.
#
#   ./compare.sh                                  # everything once (about 4 minutes after the first build)
#   ./compare.sh --runs 3                         # three runs: the medians of the runs and their spread
#   ./compare.sh --filter '.*read-cached.*'       # other arguments go to `swift package benchmark`
#   ./compare.sh --runs 3 --update-table          # also replaces the table of the Performance article with this one
#   ./compare.sh --runs 5 --update-thresholds     # sets each measured row's limit: its largest run + tolerance
#   ./compare.sh --results DIR                    # keeps the exported results in DIR/run-N (else a temporary folder)
#   ./compare.sh --results DIR --no-run           # runs nothing: the table, the check and the updates from DIR/run-*
#
# Needs a Swift 6.1+ toolchain on PATH (or in /opt/swift/usr/bin) and nothing else: ordo-one/benchmark is
# built with only its MallocInterposer trait, so no jemalloc (libjemalloc-dev) is needed. The first run
# builds the benchmark library (3–15 minutes, depending on the load). Run as any user, root included.
set -euo pipefail

cd "$(dirname "$0")"

if ! command -v swift > /dev/null && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH=/opt/swift/usr/bin:$PATH
fi
command -v swift > /dev/null || { echo "compare.sh: no 'swift' on PATH" >&2; exit 1; }

runs=1
update_table=false
update_thresholds=false
no_run=false
results=""
benchmark_arguments=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --update-table) update_table=true; shift ;;
        --update-readme)
            echo "compare.sh: the table moved to the Performance article: --update-table replaces it there" >&2
            exit 64 ;;
        --update-thresholds) update_thresholds=true; shift ;;
        --results) results="$2"; shift 2 ;;
        --no-run) no_run=true; shift ;;
        *) benchmark_arguments+=("$1"); shift ;;
    esac
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/config"
if [ -z "$results" ]; then
    if $no_run; then echo "compare.sh: --no-run needs --results DIR" >&2; exit 2; fi
    results="$work/results"
fi
mkdir -p "$results"
results=$(cd "$results" && pwd)
# UserDefaults suites are property lists under $XDG_CONFIG_HOME: keep them out of the user's.
export XDG_CONFIG_HOME="$work/config"
# The benchmarks' temporary files and folders go under $work too, removed with it whatever the benchmarks leave.
# Sticky and open to all like /tmp: the PostgreSQL benchmark's server runs as the user postgres when run as root.
mkdir "$work/tmp"
chmod 755 "$work"
chmod 1777 "$work/tmp"
export TMPDIR="$work/tmp"

# The launch benchmarks start PrefsLaunchProbe in fresh processes, and the fleet benchmarks (Postgres.fleet-*,
# Postgres.floor-*, Postgres.storm-*) FleetDriver; the table reads the exports.
for product in PrefsLaunchProbe FleetDriver BenchmarkTable; do
    swift build -c release --product "$product" > "$work/build-$product.log" 2>&1 \
        || { cat "$work/build-$product.log" >&2; exit 1; }
done

status=0
directories=()
if $no_run; then
    for directory in "$results"/run-*; do [ -d "$directory" ] && directories+=("$directory"); done
    [ ${#directories[@]} -gt 0 ] || { echo "compare.sh: no run-N directories in $results" >&2; exit 2; }
    runs=${#directories[@]}
fi
for run in $(seq 1 "$runs"); do
    if $no_run; then break; fi
    directory="$results/run-$run"
    rm -rf "$directory"
    mkdir -p "$directory"
    directories+=("$directory")
    {
        echo "date $(date -u +%F)"
        echo "swift $(swift --version 2>/dev/null | head -n 1)"
        echo "cores $(nproc)"
        echo "load-before $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo n/a)"
    } > "$directory/machine.txt"
    echo "Run $run of $runs: building and running the benchmarks (log: $directory/benchmark.log)…" >&2
    swift package --allow-writing-to-directory "$directory" benchmark run \
        --format histogramPercentiles --path "$directory" --no-progress ${benchmark_arguments[@]+"${benchmark_arguments[@]}"} \
        > "$directory/benchmark.log" 2>&1 || status=$?
    echo "load-after $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo n/a)" >> "$directory/machine.txt"
    if [ "$status" -ne 0 ]; then break; fi
done

table=(.build/release/BenchmarkTable --thresholds Thresholds)
echo "Measured $(date -u +%F) on $(nproc) cores, $(swift --version 2>/dev/null | head -n 1), $runs run(s)"
echo
check=0
if [ ${#benchmark_arguments[@]} -eq 0 ] && [ "$status" -eq 0 ]; then
    # A whole run must measure every row that has a limit: a benchmark that vanished fails too.
    "${table[@]}" --require-all "${directories[@]}" || check=$?
else
    "${table[@]}" "${directories[@]}" || check=$?
fi

if [ "$status" -ne 0 ]; then
    echo >&2
    echo "compare.sh: 'swift package benchmark' failed (exit $status); rows it could not measure show n/a:" >&2
    grep -v '^Writing to ' "$directory/benchmark.log" | tail -n 30 >&2
    exit "$status"
fi

if $update_thresholds; then
    "${table[@]}" --update-thresholds "${directories[@]}"
fi

if $update_table; then
    article=../Sources/Prefs/Prefs.docc/Performance.md
    begin='<!-- benchmark-table: generated by Benchmarks/compare.sh --update-table -->'
    end='<!-- end of benchmark-table -->'
    grep -qF "$begin" "$article" && grep -qF "$end" "$article" \
        || { echo "compare.sh: $article has no benchmark-table markers" >&2; exit 1; }
    "${table[@]}" --markdown "${directories[@]}" > "$work/section.md"
    awk -v begin="$begin" -v end="$end" -v section="$work/section.md" '
        $0 == begin { print; print ""; while ((getline line < section) > 0) print line; print ""; skipping = 1; next }
        $0 == end { skipping = 0 }
        !skipping { print }
    ' "$article" > "$work/Performance.md"
    cp "$work/Performance.md" "$article"
    echo "Replaced the benchmark table in $article." >&2
fi

if [ "$check" -ne 0 ]; then
    echo >&2
    echo "compare.sh: a value is above its limit in Thresholds/ (see REGRESSION above), or a limited row was not run" >&2
    exit "$check"
fi

#!/usr/bin/env bash
# Runs every Prefs benchmark next to its Foundation twin and prints one table of medians and ratios.
#
#   ./compare.sh                                  # everything (about 2 minutes after the first build)
#   ./compare.sh --filter '.*read-cached.*'       # extra arguments go to `swift package benchmark`
#
# Needs a Swift 6.1+ toolchain on PATH (or in /opt/swift/usr/bin) and nothing else: ordo-one/benchmark is
# built with only its MallocInterposer trait, so no jemalloc (libjemalloc-dev) is needed. The first run
# builds the benchmark library (2–3 minutes). Run as any user, root included.
set -euo pipefail

cd "$(dirname "$0")"

if ! command -v swift > /dev/null && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH=/opt/swift/usr/bin:$PATH
fi
command -v swift > /dev/null || { echo "compare.sh: no 'swift' on PATH" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/results" "$work/config"
# UserDefaults suites are property lists under $XDG_CONFIG_HOME: keep them out of the user's.
export XDG_CONFIG_HOME="$work/config"

echo "Building and running the benchmarks (log: $work/benchmark.log)…" >&2
# The fleet benchmarks (Postgres.fleet-*, Postgres.floor-*, Postgres.storm-*) start this executable as child processes.
swift build -c release --product FleetDriver > "$work/driver-build.log" 2>&1 \
    || { cat "$work/driver-build.log" >&2; exit 1; }
status=0
swift package --allow-writing-to-directory "$work/results" benchmark run \
    --format histogramPercentiles --path "$work/results" --no-progress "$@" > "$work/benchmark.log" 2>&1 \
    || status=$?
swift build -c release --product BenchmarkTable > "$work/table-build.log" 2>&1 \
    || { cat "$work/table-build.log" >&2; exit 1; }

echo "Measured $(date -u +%F) on $(nproc) cores, $(swift --version 2>/dev/null | head -n 1)"
echo
.build/release/BenchmarkTable "$work/results"

if [ "$status" -ne 0 ]; then
    echo >&2
    echo "compare.sh: 'swift package benchmark' failed (exit $status); rows it could not measure show n/a:" >&2
    grep -v '^Writing to ' "$work/benchmark.log" | tail -n 30 >&2
    exit "$status"
fi

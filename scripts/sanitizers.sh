#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer and/or AddressSanitizer, each in its own build folder
# (.build-tsan, .build-asan), and fails when a sanitizer reports anything (a report does not always fail a test).
#
#   scripts/sanitizers.sh            # both
#   scripts/sanitizers.sh thread     # ThreadSanitizer only (what .ci/run runs)
#   scripts/sanitizers.sh address    # AddressSanitizer only
#
# Times on the 2-core CI machine (cold build / suite): see "How Prefs is tested" in CONTRIBUTING.md.
# Reports in code that is not ours are suppressed in scripts/sanitizers/<sanitizer>.supp, each with its reason.
# The log goes to $PREFS_LOGS (.ci/run sets it to its own folder) or else $TMPDIR or /tmp.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ]; then export PATH=/opt/swift/usr/bin:$PATH; fi

run() {
    local sanitizer=$1 scratch=$2 pattern=$3
    local log="${PREFS_LOGS:-${TMPDIR:-/tmp}}/prefs-sanitize-$sanitizer.log"
    echo "== swift test --sanitize=$sanitizer (scratch path $scratch, log $log)"
    local start=$SECONDS
    if ! swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" >"$log" 2>&1; then
        tail -40 "$log"
        echo "the $sanitizer-sanitized build failed" >&2
        return 1
    fi
    local built=$SECONDS
    PREFS_SANITIZER="$sanitizer" swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" >>"$log" 2>&1
    local status=$?
    local reports
    reports=$(grep -c "$pattern" "$log")
    echo "build $((built - start)) s, tests $((SECONDS - built)) s, swift test exit $status, $reports report(s)"
    grep -E "Test run with .* (passed|failed)|Executed .* tests" "$log" | tail -2
    if [ "$reports" -gt 0 ]; then
        grep -A30 "$pattern" "$log" | head -120
        echo "$sanitizer sanitizer: $reports report(s); see $log" >&2
        return 1
    fi
    [ "$status" -eq 0 ] || { echo "the suite failed under the $sanitizer sanitizer; see $log" >&2; return 1; }
}

export PREFS_TEST_DEADLINE_SCALE="${PREFS_TEST_DEADLINE_SCALE:-5}"  # sanitized code runs several times slower
failed=0
case "${1:-all}" in
thread | all)
    export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 suppressions=$(pwd)/scripts/sanitizers/thread.supp"
    run thread .build-tsan "WARNING: ThreadSanitizer" || failed=1
    ;;&
address | all)
    export ASAN_OPTIONS="detect_leaks=0 halt_on_error=0"
    run address .build-asan "ERROR: AddressSanitizer" || failed=1
    ;;
thread) ;;
*)
    echo "usage: $0 [thread|address|all]" >&2
    exit 64
    ;;
esac
exit $failed

#!/usr/bin/env bash
# PostgreSQL for the PrefsPostgres tests in CI. The tests start and stop their own throwaway server
# (scripts/postgres-test-server.sh) whenever the server binaries are installed; this script makes
# sure they are (and stress-ng, the CPU load of the generated outage patterns), and afterwards that the tests
# really ran.
#
#   ci-postgres.sh                 install Debian's PostgreSQL server and client unless they are
#                                  there already (idempotent; one quick check when installed)
#   ci-postgres.sh --check-ran LOG fail unless the `swift test` output in LOG shows the PostgreSQL
#                                  tests passed and none was skipped; print the measured figures
#
# In .ci/run:
#   scripts/ci-postgres.sh
#   swift test 2>&1 | tee /tmp/prefs-test.log
#   scripts/ci-postgres.sh --check-ran /tmp/prefs-test.log
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

install() {
    if "$here/postgres-test-server.sh" check >/dev/null 2>&1 && command -v psql >/dev/null 2>&1 &&
        command -v stress-ng >/dev/null 2>&1; then
        echo "PostgreSQL is installed: $("$here/postgres-test-server.sh" check); stress-ng too"
        return 0
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "apt-get is missing: install PostgreSQL's server (initdb, pg_ctl) and psql by other means" >&2
        exit 1
    fi
    local sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    echo "Installing PostgreSQL from Debian's packages"
    $sudo apt-get update -qq
    # stress-ng keeps both cores busy while OutagePatternTests run their generated outages.
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
        postgresql postgresql-client stress-ng >/dev/null
    echo "PostgreSQL is installed: $("$here/postgres-test-server.sh" check)"
}

check_ran() {
    local log="$1"
    if grep -E "skipped" "$log" | grep -q "PostgreSQL"; then
        echo "PostgreSQL tests were skipped:" >&2
        grep -E "skipped" "$log" | grep "PostgreSQL" | head -5 >&2
        exit 1
    fi
    local test name
    for test in conformsToThePreferenceStoreContract fourInstancesIncrementingOneCounterEndAtExactlyOneThousand \
        'terminatingTheSessionsMidStormLosesNoWrite(sessions:)' \
        'aServerRestartLosesNoFlushedWriteAndAnOutageIsAClearError(sessions:)' \
        'anInstanceCutOffCatchesUpOnEveryChangeItMissed(sessions:)' writeToObserverLatencyAcrossTwoInstances \
        everyChangeIsRecordedWithItsValuesItsTimeAndWhoMadeIt retentionByCountKeepsTheNewestVersionsOfEachKey \
        retentionByAgeDropsOldVersionsButNeverAKeysLatest aRollbackWritesTheOldValueAsANewRecordedVersion \
        'aDatabaseOfAnEarlierReleaseIsUpgradedInPlaceWithItsData(schema:)' oneSessionPerInstanceCarriesEverythingAtomically \
        aReadNeverSeesTheUncommittedRowsOfATransaction theCommandsReadAndWriteTheNamespaceAndARunningInstanceSeesEachChange \
        watchPrintsChangesMadeByAnInstanceAndByHand historyAndRollbackFromTheCommandLine \
        thePasswordNeverAppearsWhereverItComesFromAndWhateverHappens sslmodeIsHonoured \
        whatIsMissingOrUnreachableIsAClearErrorThatSaysWhatToDo thePositionalFormKeepsEveryDoubleAndItsKind \
        aRoleThatWritesValuesCannotRewriteTheHistory aNewerSchemaIsLeftAlone \
        'anInstanceOfAnEarlierReleaseStartingAfterTheUpgradeStopsNoRecord(schema:)' \
        queuedWritesKeepTheirReasonsAndAreNeverCoalescedAcrossThem \
        aReasonFromTheCommandLineOrTheEnvironmentIsRecordedShownAndSearched \
        aRemovalPurgedAndItsHistoryPrunedPastAnInstancesVersionIsNotMissed aDatabaseRestoredFromADumpIsReadWhole \
        'aNamespaceDroppedAndCreatedAgainIsListenedToAnew(sessions:)' truncatedValuesAreNoticedAtOnce \
        anInstanceStartsFromItsCopyWhileTheDatabaseIsDownAndCatchesUpWhenItIsBack \
        aServerKilledMidCatchUpLeavesTheInstanceOfflineUntilItCatchesUpWhole \
        'everyInstanceConvergesAndObservesEachChangedKeyOnce(sessions:)' \
        writesCommitsLagReconnectsAndTheConnectionStateAreRecorded aGracefulShutdownCommitsTheLastWritesAndCloses; do
        case "$test" in *\)) name="$test" ;; *) name="$test()" ;; esac
        if ! grep -F "✔ Test $name " "$log" | grep -q " passed after "; then
            echo "the PostgreSQL test $name did not pass (or did not run)" >&2
            exit 1
        fi
    done
    echo "PostgreSQL tests ran and passed:"
    grep -F "[PrefsPostgres]" "$log" || true
}

case "${1:-}" in
"") install ;;
--check-ran)
    if [ -z "${2:-}" ] || [ ! -f "$2" ]; then
        echo "usage: ci-postgres.sh --check-ran LOG" >&2
        exit 2
    fi
    check_ran "$2"
    ;;
*)
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac

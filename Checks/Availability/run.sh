#!/usr/bin/env bash
# The availability check (see "What is verified where" in CONTRIBUTING.md): every symbol that Prefs' products and examples
# reference must be available, on each Apple platform, wherever the referencing code may run: at the package's floor
# (Package.swift), or where its declaration's `@available` or an `if #available` says. Tests are checked where the
# availability of what they use is known.
#
# It reads what the builds already wrote: the index store of `swift build --build-tests` (.build) and of the check build
# (Checks/.build, which compiles the Apple-only branches against stand-ins), the symbol graphs of every module Prefs
# imports (extracted here with `swift symbolgraph-extract`; swift-configuration's availability macro arrives expanded),
# and, for the SDK modules whose Apple availability is not on this machine, sdk-availability.txt.
#
#   Checks/Availability/run.sh              check Prefs (after `swift build --build-tests` and Checks/run.sh)
#   Checks/Availability/run.sh --self-test  the checker's own tests, and a check of Fixture/, whose planted violations
#                                           must be reported exactly as expected.txt lists them
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ -d /opt/swift/usr/bin ]; then export PATH=/opt/swift/usr/bin:$PATH; fi
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
library=$toolchain/lib/libIndexStore.so
[ -f "$library" ] || library=$toolchain/lib/libIndexStore.dylib

swift build --package-path "$here" -c release --product availability-check 2>&1 | grep -E "error|warning" && exit 2
tool=$(swift build --package-path "$here" -c release --show-bin-path)/availability-check
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Symbol graphs of the modules in `modules`, as built in the package `package` (its Modules/, and the C module maps
# its build plan names).
extract() {
    local package=$1 modules=$2 flags=() map module
    flags+=(-I "$package/.build/debug/Modules")
    for map in $(grep -o -- '-fmodule-map-file=[^"]*' "$package/.build/debug.yaml" 2>/dev/null | sort -u); do
        flags+=(-Xcc "$map")
    done
    mkdir -p "$scratch/graphs"
    for module in $modules; do
        swift symbolgraph-extract -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" "${flags[@]}" \
            -minimum-access-level public -skip-synthesized-members -output-dir "$scratch/graphs" >"$scratch/log" 2>&1 ||
            { cat "$scratch/log"; echo "cannot extract the symbol graph of $module" >&2; exit 2; }
    done
}

if [ "${1:-}" = "--self-test" ]; then
    swift test --package-path "$here" >"$scratch/log" 2>&1 || { cat "$scratch/log"; exit 1; }
    fixture=$here/Fixture
    swift build --package-path "$fixture" 2>&1 | grep -E "error|warning" && exit 2
    extract "$fixture" "Swift _Concurrency Observation Synchronization Foundation FoundationEssentials Glibc"
    (cd "$fixture" && swift package dump-package >"$scratch/package.json")
    actual=$(cd "$fixture" && "$tool" --package-json "$scratch/package.json" --libindexstore "$library" \
        --frontend "$(command -v swiftc)" --symbol-graphs "$scratch/graphs" --table sdk-availability.txt \
        --index "$fixture/.build/debug/index/store" --check Sources --language-features) && status=0 || status=$?
    actual=$(echo "$actual" | grep ': error: ' || true)
    if [ "$status" -ne 1 ] || [ "$actual" != "$(cat "$fixture/expected.txt")" ]; then
        diff <(echo "$actual") "$fixture/expected.txt" || true
        echo "availability self-test failed: the check did not report exactly the planted violations" >&2
        exit 1
    fi
    echo "availability self-test: the check reports each planted violation and nothing else"
    exit 0
fi

# Every module that Prefs' targets import, with the modules they re-export, and the check build's stand-ins.
extract "$root" "Swift _Concurrency _StringProcessing Observation Synchronization Dispatch Foundation
    FoundationEssentials FoundationInternationalization Glibc Logging SystemPackage DequeModule Configuration OpenCombine
    ArgumentParser
    PostgresNIO NIOCore NIOPosix NIOSSL Testing Hummingbird HummingbirdCore HummingbirdTLS HummingbirdTesting HTTPTypes
    ServiceLifecycle CoreMetrics"
extract "$root/Checks" "StandInSwiftUI StandInDarwin StandInDarwinTypes StandInDarwinFunctions StandInObjectiveC"
(cd "$root" && swift package dump-package >"$scratch/package.json")

cd "$root"
"$tool" --package-json "$scratch/package.json" --libindexstore "$library" --frontend "$(command -v swiftc)" \
    --symbol-graphs "$scratch/graphs" --table Checks/Availability/sdk-availability.txt \
    --index Checks/.build/debug/index/store \
    --map "$root/Checks/Sources/Prefs/=$root/Sources/Prefs/" \
    --map "$root/Checks/Sources/PrefsCombine/=$root/Sources/PrefsCombine/" \
    --map "$root/Checks/Sources/PrefsEditors/=$root/Sources/PrefsEditors/" \
    --index .build/debug/index/store \
    --check Sources --check Examples --check-known Tests --language-features

#!/usr/bin/env bash
# The check build: compiles Prefs' own sources on Linux against stand-ins for SwiftUI, Combine, Darwin and ObjectiveC
# (Package.swift), so that their Apple-only branches are type-checked; see "What is verified where" in CONTRIBUTING.md.
# Fails on any error, and on any warning in Prefs' sources or the stand-ins (they are compiled with
# -warnings-as-errors). `.ci/run` calls it. Cold, with dependencies cached: about 20 s on 2 cores; warm: under 1 s.
set -euo pipefail
cd "$(dirname "$0")"
if [ -d /opt/swift/usr/bin ]; then export PATH=/opt/swift/usr/bin:$PATH; fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift build >"$log" 2>&1 || status=$?

# The compiler names Prefs' files by their path through the symlinks; print them by the repository's own path.
here=$(pwd)
root=$(cd .. && pwd)
diagnostics=$(
    grep -E "^$here/Sources/[^ ]*: (error|warning):" "$log" | sort -u |
        sed -e "s|^$here/Sources/Prefs/|$root/Sources/Prefs/|" -e "s|^$here/Sources/PrefsCombine/|$root/Sources/PrefsCombine/|" \
            -e "s|^$here/Sources/PrefsEditors/|$root/Sources/PrefsEditors/|" ||
        true
)
if [ "$status" -ne 0 ] || [ -n "$diagnostics" ]; then
    if [ -n "$diagnostics" ]; then echo "$diagnostics"; else tail -n 40 "$log"; fi
    echo "check build failed: Prefs' Apple-only code does not type-check against the stand-ins (Checks/)" >&2
    exit 1
fi
echo "check build: every Apple-only branch type-checks against the stand-ins"

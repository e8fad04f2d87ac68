#!/usr/bin/env bash
# Fuzzes the preferences file's reader (PreferenceJSONParser, PreferenceJSON, PreferenceDateFormat) with libFuzzer and
# AddressSanitizer. Usage: Fuzz/run.sh [SECONDS] [extra libFuzzer options…]   (default: 60 seconds)
# Findings (crash-*, timeout-*, oom-*) are written to Fuzz/findings/; the corpus grows in .build/fuzz/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ]; then export PATH=/opt/swift/usr/bin:$PATH; fi
seconds="${1:-60}"
shift || true
build=.build/fuzz
mkdir -p "$build/corpus" Fuzz/findings
cp -n Fuzz/seeds/* "$build/corpus/" 2>/dev/null || true
file=Sources/Prefs/Format
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name Prefs -module-name PrefsFuzz \
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility \
    -enable-upcoming-feature InternalImportsByDefault \
    -o "$build/fuzz-reader" Fuzz/FuzzTarget.swift \
    "$file/PreferenceJSON.swift" "$file/PreferenceJSON+Limits.swift" "$file/PreferenceJSONParser.swift" \
    "$file/PreferenceJSONParser+Strings.swift" "$file/OpenContainers.swift" "$file/JSONNumberSyntax.swift" \
    "$file/PreferenceDateFormat.swift" "$file/CivilTime.swift" "$file/StrictText.swift" \
    Sources/Prefs/Values/PreferenceValue.swift Sources/Prefs/Values/PreferenceValue+Sameness.swift \
    Sources/Prefs/Stores/UnstorableValueError.swift
"$build/fuzz-reader" "$build/corpus" -dict=Fuzz/json.dict -max_total_time="$seconds" -timeout=5 \
    -rss_limit_mb=2048 -max_len=65536 -artifact_prefix=Fuzz/findings/ -print_final_stats=1 "$@"

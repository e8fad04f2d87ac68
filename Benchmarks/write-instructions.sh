#!/usr/bin/env bash
# Counts the instructions of one subscript write on the caller's thread, under valgrind's callgrind: a figure that
# moves far less with the machine's load than the timed `Prefs.write-Int` and `FileStore.write-Int` rows of
# compare.sh. The link's queue (the store write behind the caller) runs on another thread and is not counted. As
# callgrind runs one thread at a time, the link's thread runs only at a few points of the loop, so most counted
# writes join the batch already waiting for the store (the path of a tight loop) and both stores count the same.
# Where those points fall varies between runs: the Int count repeats exactly, the observed and Codable ones vary by
# a few percent (8,300–8,500 and 14,900–15,800 on 2026-11-29).
#
#   ./write-instructions.sh            # 2,000 writes on each store
#   ./write-instructions.sh 10000      # N writes
#   KEEP=DIR ./write-instructions.sh   # keeps the callgrind files in DIR (for callgrind_annotate)
#
# Runs PrefsWriteProbe (see Sources/PrefsWriteProbe/main.swift) four times: writing an Int over an
# InMemoryPreferenceStore, over a FilePreferenceStore, and over an InMemoryPreferenceStore whose key has one `observe`
# callback (which runs on the writer's thread before the write returns, so its delivery is counted: the path of
# `Prefs.observe-callback` and `Prefs.values-wake`), then writing a Codable struct of three members over an
# InMemoryPreferenceStore (the path of `Prefs.write-Codable`), and divides the instructions of its counted loop by
# the number of writes. Needs valgrind (apt-get install valgrind).
set -euo pipefail

cd "$(dirname "$0")"
writes="${1:-2000}"
. ./callgrind-probe.sh PrefsWriteProbe

printf '%s subscript writes of one key (an Int; a struct for codable), instructions on the caller'"'"'s thread (callgrind)\n' "$writes"
for store in memory file observed codable; do
    valgrind --tool=callgrind --callgrind-out-file="$work/$store.callgrind" \
        --toggle-collect='$s15PrefsWriteProbe13countedWrites*' "$probe" "$store" "$writes" "$work/preferences.json" \
        > "$work/$store.out" 2> "$work/$store.valgrind" || { cat "$work/$store.valgrind" >&2; exit 1; }
    counted=$(awk '/Collected :/ { print $4 }' "$work/$store.valgrind")
    awk -v c="$counted" -v n="$writes" -v s="$store" 'BEGIN { printf "%-7s %12d in all, %6.0f a write\n", s, c, c / n }'
done
if [ -n "${KEEP:-}" ]; then
    mkdir -p "$KEEP"
    cp "$work"/*.callgrind "$KEEP"/
    echo "Callgrind files in $KEEP (callgrind_annotate --inclusive=yes $KEEP/memory.callgrind)"
fi

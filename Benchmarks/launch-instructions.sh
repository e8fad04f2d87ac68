#!/usr/bin/env bash
# Counts the instructions of one launch in a fresh process, Prefs against UserDefaults, under valgrind's callgrind:
# a figure that does not move with the machine's load, beside the timed Launch.* rows of compare.sh.
#
#   ./launch-instructions.sh            # 1,000 keys
#   ./launch-instructions.sh 10000      # 10,000 keys
#   KEEP=DIR ./launch-instructions.sh   # keeps the callgrind files in DIR (for callgrind_annotate)
#
# Each side runs PrefsLaunchProbe once (see Sources/PrefsLaunchProbe/main.swift) on files of N Int keys written
# here, and prints the instructions of the probe's main (the open, every key read once and one line of output)
# and of the whole process (the dynamic loader and the exit included). Needs valgrind (apt-get install valgrind).
set -euo pipefail

cd "$(dirname "$0")"
keys="${1:-1000}"
. ./callgrind-probe.sh PrefsLaunchProbe callgrind_annotate

# The same keys on both sides, bulk.i = i: a Prefs file (a JSON object) and a UserDefaults suite (a property list
# under $XDG_CONFIG_HOME, where swift-corelibs-foundation looks for suites on Linux).
mkdir "$work/config"
awk -v n="$keys" 'BEGIN {
    print "{"; for (i = 0; i < n; i++) printf "  \"bulk.%d\": %d%s\n", i, i, (i < n - 1 ? "," : ""); print "}"
}' > "$work/preferences.json"
awk -v n="$keys" 'BEGIN {
    print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
    print "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">"
    print "<plist version=\"1.0\">"; print "<dict>"
    for (i = 0; i < n; i++) printf "\t<key>bulk.%d</key>\n\t<integer>%d</integer>\n", i, i
    print "</dict>"; print "</plist>"
}' > "$work/config/LaunchInstructions.plist"

# Inclusive instructions of the probe's main, and the program's total, from a callgrind output file.
count() {
    local file="$1"
    local total main
    total=$(callgrind_annotate "$file" 2> /dev/null | awk '/PROGRAM TOTALS/ && !done { gsub(",", "", $1); print $1; done = 1 }')
    main=$(callgrind_annotate --inclusive=yes "$file" 2> /dev/null \
        | awk '/PrefsLaunchProbe_main/ && !done { gsub(",", "", $1); print $1; done = 1 }')
    echo "$main $total"
}

declare -A mains totals
for side in prefs foundation; do
    if [ "$side" = prefs ]; then target="$work/preferences.json"; else target=LaunchInstructions; fi
    XDG_CONFIG_HOME="$work/config" valgrind --tool=callgrind --callgrind-out-file="$work/$side.callgrind" \
        "$probe" "$side" "$target" "$keys" > "$work/$side.out" 2> "$work/$side.valgrind" \
        || { cat "$work/$side.valgrind" >&2; exit 1; }
    read -r main total < <(count "$work/$side.callgrind")
    mains[$side]=$main
    totals[$side]=$total
done

printf '%s keys, instructions per launch (callgrind)\n' "$keys"
printf '%-11s %15s %15s\n' side main process
for side in prefs foundation; do printf '%-11s %15s %15s\n' "$side" "${mains[$side]}" "${totals[$side]}"; done
awk -v p="${mains[prefs]}" -v f="${mains[foundation]}" -v pt="${totals[prefs]}" -v ft="${totals[foundation]}" \
    -v n="$keys" 'BEGIN {
    printf "Prefs / Foundation: main %.2f, process %.2f; per key: Prefs %.0f, Foundation %.0f (main)\n", \
        p / f, pt / ft, p / n, f / n
}'
if [ -n "${KEEP:-}" ]; then
    mkdir -p "$KEEP"
    cp "$work"/*.callgrind "$KEEP"/
    echo "Callgrind files in $KEEP (callgrind_annotate --inclusive=yes $KEEP/prefs.callgrind)"
fi

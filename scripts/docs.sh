#!/usr/bin/env bash
# Builds the DocC documentation of every library product with swift-docc-plugin (as Swift Package Index does, see
# .spi.yml), with warnings as errors: an unresolved symbol link, a missing catalog page or a malformed topic fails.
# `.ci/run` runs it. Output: .build/plugins/Swift-DocC/outputs/<Target>.doccarchive.
#
#   scripts/docs.sh                  # every library product
#   scripts/docs.sh Prefs PrefsCommand
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ]; then export PATH=/opt/swift/usr/bin:$PATH; fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    # The library products, as .spi.yml lists them for Swift Package Index.
    mapfile -t targets < <(sed -n 's/^ *- \(Prefs[A-Za-z]*\)$/\1/p' .spi.yml)
fi
arguments=()
for target in "${targets[@]}"; do arguments+=(--target "$target"); done

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift package --disable-sandbox generate-documentation "${arguments[@]}" --warnings-as-errors >"$log" 2>&1 ||
    status=$?
# docc prints each problem as "<file>:<line>:<column>: warning|error: …"; the plugin's own failures as "error: …".
# A dependency's package warning (swift-distributed-tracing, through Hummingbird, leaves a CMakeLists.txt undeclared) is
# not about the documentation.
problems() { grep -E "(warning|error):|^ *--> " "$log" | grep -v -e "Error Domain=" -e "which are unhandled; explicitly"; }
if [ "$status" -ne 0 ] || problems >/dev/null; then
    problems || tail -n 40 "$log"
    echo "documentation: ${targets[*]} did not build without warnings" >&2
    exit 1
fi
echo "documentation: ${targets[*]} built without warnings"

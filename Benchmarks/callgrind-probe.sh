# Sourced by launch-instructions.sh and write-instructions.sh: checks the tools, makes a temporary folder ($work,
# removed on exit) and builds a probe in release mode into "$work/$1", ready for callgrind.
#
#   . ./callgrind-probe.sh PRODUCT TOOL…     sets $work and $probe
if ! command -v swift > /dev/null && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH=/opt/swift/usr/bin:$PATH
fi
for tool in swift valgrind objcopy "${@:2}"; do
    command -v "$tool" > /dev/null || { echo "$(basename "$0"): no '$tool' on PATH" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product "$1" > "$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
# valgrind 3.19 cannot read the DWARF 5 that Swift writes for a binary this size ("possibly corrupted debuginfo"):
# count a copy without it (the symbols stay).
probe="$work/$1"
objcopy --strip-debug ".build/release/$1" "$probe"

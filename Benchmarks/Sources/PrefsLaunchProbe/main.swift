import Foundation
import Prefs

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Opens a preferences file of N Int keys and reads every key once, as an app does when it starts, then prints
// one line of figures and exits. The `Launch.*` benchmarks start it many times, alternating the two sides:
//
//   PrefsLaunchProbe prefs FILE N         a Preferences container over FilePreferenceStore(url: FILE) (watching
//                                         the file, as an app's does), read through `prefs[\.[bulk: i]]`
//   PrefsLaunchProbe foundation SUITE N   UserDefaults(suiteName: SUITE), read with integer(forKey: "bulk.i")
//   PrefsLaunchProbe keypaths FILE N      the caller's part of the prefs side alone: the same key paths made and kept,
//                                         nothing opened or read (the floor of any container read through them)
//   … FILE|SUITE N BYTES                  a file of N strings of BYTES bytes, `bulk.i` = "i xxx…": reads the last
//                                         key only, as an app reads one setting of an old, large domain
//
// Output: "start=T opened=T done=T resident=B heap=B" — monotonic nanoseconds (the same clock in every process)
// at the top of this program, after the open and after the last read; resident set and heap growth in bytes
// from the start to the last read, with the structure still alive.

extension PreferenceKeys {
    /// One of many Int keys, as in the benchmark target.
    subscript(bulk index: Int) -> Key<Int> { Key("bulk.\(index)", default: 0) }
    /// One of many String keys, in a file of strings.
    subscript(text index: Int) -> Key<String> { Key("bulk.\(index)", default: "") }
}

func monotonicNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

let start = monotonicNanoseconds()
let before = ProcessMemory.current()
let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5, let keyCount = Int(arguments[3]), keyCount > 0 else {
    FileHandle.standardError.write(
        Data("usage: PrefsLaunchProbe prefs|keypaths FILE N [BYTES] | foundation SUITE N [BYTES]\n".utf8))
    exit(2)
}
/// In a file of strings: the key read, and the value it must hold.
let onlyKey = arguments.count == 5 ? keyCount - 1 : nil
let expectedText = onlyKey.map { "\($0) " }
var text = ""

let opened: Int
var sum = 0
let kept: AnyObject
switch arguments[1] {
case "prefs":
    let prefs = Preferences(store: try FilePreferenceStore(url: URL(fileURLWithPath: arguments[2])))
    opened = monotonicNanoseconds()
    if let onlyKey {
        text = prefs[\.[text: onlyKey]]
    } else {
        for index in 0..<keyCount { sum &+= prefs[\.[bulk: index]] }
    }
    kept = prefs
case "keypaths":
    opened = monotonicNanoseconds()
    var keyPaths: [AnyKeyPath] = []
    if let onlyKey {
        keyPaths.append(\PreferenceKeys.[text: onlyKey])
        text = expectedText ?? ""
    } else {
        keyPaths.reserveCapacity(keyCount)
        for index in 0..<keyCount { keyPaths.append(\PreferenceKeys.[bulk: index]) }
        sum = keyCount * (keyCount - 1) / 2
    }
    kept = keyPaths as AnyObject
case "foundation":
    guard let defaults = UserDefaults(suiteName: arguments[2]) else {
        FileHandle.standardError.write(Data("PrefsLaunchProbe: no suite named \(arguments[2])\n".utf8))
        exit(2)
    }
    opened = monotonicNanoseconds()
    if let onlyKey {
        text = defaults.string(forKey: "bulk.\(onlyKey)") ?? ""
    } else {
        for index in 0..<keyCount { sum &+= defaults.integer(forKey: "bulk.\(index)") }
    }
    kept = defaults
default:
    FileHandle.standardError.write(Data("PrefsLaunchProbe: unknown side \(arguments[1])\n".utf8))
    exit(2)
}
let done = monotonicNanoseconds()
let after = ProcessMemory.current()

// Every key must have been read from the file: the benchmark wrote bulk.i = i, or "i xxx…".
if let expectedText {
    guard text.hasPrefix(expectedText) else {
        FileHandle.standardError.write(Data("PrefsLaunchProbe: read \"\(text.prefix(20))\", expected another\n".utf8))
        exit(1)
    }
} else if sum != keyCount * (keyCount - 1) / 2 {
    FileHandle.standardError.write(Data("PrefsLaunchProbe: read a sum of \(sum), expected another\n".utf8))
    exit(1)
}

/// The growth from `before` to `after`, or "n/a" where this platform cannot measure it.
func growth(_ before: Int?, _ after: Int?) -> String {
    guard let before, let after else { return "n/a" }
    return String(after - before)
}
let resident = growth(before.residentBytes, after.residentBytes)
let heap = growth(before.heapBytes, after.heapBytes)
print("start=\(start) opened=\(opened) done=\(done) resident=\(resident) heap=\(heap)")
withExtendedLifetime(kept) {}

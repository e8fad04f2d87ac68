import Foundation
import Prefs
import Synchronization

// Writes one key N times through the subscript (an Int, as `Prefs.write-Int` and `FileStore.write-Int` do, or a
// Codable struct, as `Prefs.write-Codable` does), for write-instructions.sh, which counts the instructions of
// `countedWrites` on the caller's thread under callgrind:
//
//   PrefsWriteProbe memory N       a container over an InMemoryPreferenceStore
//   PrefsWriteProbe file N FILE    a container over FilePreferenceStore(url: FILE)
//   PrefsWriteProbe observed N     the in-memory container, its key watched by one `observe` callback (which runs on
//                                  the writer's thread before the write returns: its delivery is counted)
//   PrefsWriteProbe codable N      the in-memory container, writing a `Codable` struct (as `Prefs.write-Codable`)
//
// The key is read once and written a few times first, outside the counted function, so that the count is the
// steady write: no first read, no first write.

/// The struct of the `codable` mode: `Prefs.write-Codable`'s window.
struct ProbeWindow: Codable, Equatable, PreferenceStorable {
    var width: Double
    var height: Double
    var title: String
}

extension PreferenceKeys {
    /// The key written.
    var probeCount: Key<Int> { Key("probe.count", default: 0) }
    /// The key written in the `codable` mode.
    var probeWindow: Key<ProbeWindow> { Key("probe.window", default: ProbeWindow(width: 0, height: 0, title: "")) }
}

/// Whether the probe writes the `Codable` key.
let writesCodable = CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "codable"

/// One write of the value `value`.
@inline(__always) func write(_ prefs: Preferences, _ value: Int) {
    if writesCodable {
        prefs[\.probeWindow] = ProbeWindow(width: Double(value), height: 800, title: "Main")
    } else {
        prefs[\.probeCount] = value
    }
}

/// The writes before the counted ones.
@inline(never) func warmUp(_ prefs: Preferences) {
    for value in 0..<10 { write(prefs, -value) }
}

/// The counted writes.
@inline(never) func countedWrites(_ prefs: Preferences, _ count: Int) {
    for value in 1...count { write(prefs, value) }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let count = Int(arguments[2]), count > 0,
    ["memory", "observed", "codable"].contains(arguments[1]) || (arguments[1] == "file" && arguments.count == 4)
else {
    let usage = "usage: PrefsWriteProbe memory N | observed N | codable N | file N FILE\n"
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
let prefs =
    arguments[1] == "file"
    ? Preferences(store: try FilePreferenceStore(url: URL(fileURLWithPath: arguments[3])))
    : Preferences(store: InMemoryPreferenceStore())
/// The last value the observer heard, in the `observed` mode.
let heard = Mutex(0)
let token =
    arguments[1] == "observed"
    ? prefs.observe(\.probeCount) { change in heard.withLock { $0 = change.newValue } } : nil
warmUp(prefs)
countedWrites(prefs, count)
try prefs.flush()
let written = writesCodable ? Int(prefs[\.probeWindow].width) : prefs[\.probeCount]
guard written == count, token == nil || heard.withLock({ $0 }) == count else {
    let message = "read \(written), observer heard \(heard.withLock { $0 }), expected \(count)"
    FileHandle.standardError.write(Data("PrefsWriteProbe: \(message)\n".utf8))
    exit(1)
}

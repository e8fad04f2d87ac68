import Foundation
import Prefs

// `lock-probe IGNORED OPERATION`: sets up a container over an in-memory store, then runs one operation inside
// `probedOperation`, which the lock-count tests measure under callgrind (collection toggled on entry and exit of that
// function, on the calling thread): how often Prefs' locks are taken on the caller's thread.
//
//   read-cached     a read of a key read before                      write              a subscript write
//   read-first      the first read of a key                           write-two          a write, a second container on the store
//   wrapper-read    a read through @Preference(_:in:)                 write-observed     a write of a key with an observer
//   reset           a reset of a stored key                           read-other-first   the first read of a key another
//                                                                                        container already cached

extension PreferenceKeys {
    var probe: Key<Int> { Key("probe", default: 0) }
}

/// The measured operation: callgrind dumps its counters when this starts and again when ``probeEnded()`` does, so
/// the dump between the two holds the calls the operation made.
@inline(never)
func probedOperation(_ body: () -> Void) {
    body()
    probeEnded()
}

/// Marks the end of the measured operation.
@inline(never)
func probeEnded() {}

func runLockProbe(_ operation: String) {
    let store = InMemoryPreferenceStore()
    let prefs = Preferences(store: store)
    var kept: [AnyObject] = []
    switch operation {
    case "read-cached":
        _ = prefs[\.probe]
        probedOperation { _ = prefs[\.probe] }
    case "read-first":
        probedOperation { _ = prefs[\.probe] }
    case "read-other-first":
        let other = Preferences(store: store)
        kept.append(other)
        _ = other[\.probe]
        probedOperation { _ = prefs[\.probe] }
    case "wrapper-read":
        let property = Preference(\.probe, in: prefs)
        _ = property.wrappedValue
        probedOperation { _ = property.wrappedValue }
    case "write":
        prefs[\.probe] = 1
        probedOperation { prefs[\.probe] = 2 }
    case "write-two":
        let other = Preferences(store: store)
        kept.append(other)
        prefs[\.probe] = 1
        _ = other[\.probe]
        probedOperation { prefs[\.probe] = 2 }
    case "write-observed":
        prefs[\.probe] = 1
        kept.append(prefs.observe(\.probe) { _ in })
        probedOperation { prefs[\.probe] = 2 }
    case "reset":
        prefs[\.probe] = 1
        probedOperation { prefs.reset(\.probe) }
    default:
        FileHandle.standardError.write(Data("unknown probe \(operation)\n".utf8))
        exit(2)
    }
    try? prefs.flush()
    withExtendedLifetime(kept) { say("probed \(operation)") }
}

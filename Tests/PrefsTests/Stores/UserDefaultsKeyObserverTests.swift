import Foundation
import PrefsTestSupport
import Testing

@testable import Prefs

/// The bookkeeping shared by every platform around the per-key registration (KVO on Apple platforms), driven here by
/// a registrar that records its calls.
@Suite struct UserDefaultsKeyObserverTests {
    final class RecordingRegistrar: UserDefaultsKeyRegistrar {
        let registered = Collected<String>(), unregistered = Collected<String>()
        func register(_ key: String) { registered.append(key) }
        func unregister(_ key: String) { unregistered.append(key) }
    }

    @Test func eachKeyIsRegisteredOnceEvenFromManyThreadsAtOnce() async {
        let registrar = RecordingRegistrar()
        let observer = UserDefaultsKeyObserver(registrar: registrar)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for index in 0..<100 { observer.observe("key\(index)") } }
            }
        }
        #expect(registrar.registered.count == 100)
        #expect(Set(registrar.registered.all) == Set((0..<100).map { "key\($0)" }))
    }

    @Test func keysThatKVOWouldReadAsKeyPathsAreNeverRegistered() {
        let registrar = RecordingRegistrar()
        let observer = UserDefaultsKeyObserver(registrar: registrar)
        for key in ["com.example.theme", "a.b", "@count", "@avg.x"] { observer.observe(key) }
        observer.observe("theme")
        #expect(registrar.registered.all == ["theme"])
        #expect(!UserDefaultsKeyObserver.canObserve("x.y") && UserDefaultsKeyObserver.canObserve("x_y"))
    }

    @Test func cancelUnregistersExactlyTheRegisteredKeysOnceAndNothingIsRegisteredAfter() {
        let registrar = RecordingRegistrar()
        let observer = UserDefaultsKeyObserver(registrar: registrar)
        for key in ["theme", "count", "theme", "a.b"] { observer.observe(key) }
        observer.cancel()
        observer.cancel()
        observer.observe("name")
        #expect(registrar.registered.all.sorted() == ["count", "theme"])
        #expect(registrar.unregistered.all.sorted() == ["count", "theme"])
    }
}

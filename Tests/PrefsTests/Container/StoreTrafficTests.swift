import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// What a write and an outside change cost: store reads (none where the store reported the values) and decodes
/// (none for a local write; one per key path for an outside change, whatever the number of observers).
@Suite(.serialized) struct StoreTrafficTests {
    @Test func aLocalWriteReadsNothingBackFromTheStore() throws {
        let store = TestPreferenceStore(["count": 1])
        let prefs = Preferences(store: store)
        let token = prefs.observe(\.count) { _ in }
        _ = (prefs[\.count], prefs[\.name])
        let readsBefore = store.readCount
        for value in 2...100 { prefs[\.count] = value }
        try prefs.set(\.count, 7)
        prefs.update(\.count) { $0 += 1 }
        try prefs.transaction { $0[\.name] = "x" }
        prefs.reset(\.name)
        try prefs.flush()
        #expect(store.readCount - readsBefore == 0, "writes, update, transaction and reset read nothing back")
        #expect(prefs[\.count] == 8)
        withExtendedLifetime(token) {}
    }

    @Test func anOutsideChangeThatCarriesItsValueReadsNothing() throws {
        let store = TestPreferenceStore(["count": 1])
        let prefs = Preferences(store: store)
        let heard = Collected<Int>()
        let token = prefs.observe(\.count) { heard.append($0.newValue) }
        let readsBefore = store.readCount
        store.simulateOutsideChange(["count": 5])
        #expect(heard.all == [5])
        #expect(prefs[\.count] == 5)
        #expect(store.readCount == readsBefore)
        withExtendedLifetime(token) {}
    }

    @Test func aLocalWriteDecodesNothingAndAnOutsideChangeDecodesOncePerKey() throws {
        let store = TestPreferenceStore()
        let prefs = Preferences(store: store)
        prefs[\.counted] = CountedDecodes(value: 1)
        let tokens = (0..<5).map { _ in prefs.observe(\.counted) { _ in } }
        let stream = prefs.changes(\.counted)
        CountedDecodes.reset()
        prefs[\.counted] = CountedDecodes(value: 2)
        #expect(prefs[\.counted].value == 2)
        #expect(CountedDecodes.count == 0, "a local write hands its own value to observers and readers")
        try prefs.flush()  // an outside change made while the local write is pending is overtaken by it
        store.simulateOutsideChange(["counted": ["value": 3]])
        #expect(prefs[\.counted].value == 3)
        #expect(CountedDecodes.count == 1, "one decode for five observers, a stream and the next read")
        withExtendedLifetime((tokens, stream)) {}
    }
}

/// A value that counts how often it is decoded.
struct CountedDecodes: Codable, Sendable, Equatable, PreferenceStorable {
    var value: Int

    private static let decodes = Lock(0)
    static var count: Int { decodes.withLock { $0 } }
    static func reset() { decodes.withLock { $0 = 0 } }

    init(value: Int) { self.value = value }

    init(from decoder: any Decoder) throws {
        Self.decodes.withLock { $0 += 1 }
        value = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .value)
    }
}

extension PreferenceKeys {
    var counted: Key<CountedDecodes> { Key("counted", default: CountedDecodes(value: 0)) }
}

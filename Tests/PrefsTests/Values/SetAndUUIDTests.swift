import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

private enum Weekday: String, Sendable, Hashable, PreferenceStorable { case monday, tuesday, sunday }

/// A generic `Codable` type of the app's own: it opts in with one conditional conformance.
private struct Tagged<Payload: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    var payload: Payload
    var tags: Set<String>
}
extension Tagged: PreferenceStorable {}

/// A generic type that is `Codable` only when its payload is: it opts in under the same condition. Swift does not
/// let a conformance depend on `Sendable` (a marker protocol), so the type is `Sendable` for every payload.
private struct Box<Payload: Sendable>: Sendable {
    var payload: Payload
}
extension Box: Equatable where Payload: Equatable {}
extension Box: Codable where Payload: Codable {}
extension Box: PreferenceStorable where Payload: Codable {}

extension PreferenceKeys {
    fileprivate var deviceID: Key<UUID> {
        Key("device_id", default: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
    }
    fileprivate var sessionID: Key<UUID?> { Key("session_id") }
    fileprivate var favourites: Key<Set<Int>> { Key("favourites", default: []) }
    fileprivate var labels: Key<Set<String>> { Key("labels", default: ["default"]) }
    fileprivate var days: Key<Set<Weekday>> { Key("days", default: [.monday]) }
    fileprivate var devices: Key<Set<UUID>> { Key("devices", default: []) }
    fileprivate var boxedNames: Key<Box<[String]>> { Key("boxed_names", default: Box(payload: [])) }
    fileprivate var taggedCount: Key<Tagged<Int>> { Key("tagged_count", default: Tagged(payload: 0, tags: [])) }
}

@Suite struct SetAndUUIDTests {
    @Test func aUUIDIsStoredAsItsStringAndReadsBackInEitherCase() throws {
        let store = InMemoryPreferenceStore()
        let prefs = Preferences(store: store)
        let id = UUID()
        prefs[\.deviceID] = id
        prefs[\.sessionID] = id
        try prefs.flush()
        #expect(store.value(forKey: "device_id") == .string(id.uuidString))
        #expect(Preferences(store: store)[\.deviceID] == id)
        store.write(["session_id": .string(id.uuidString.lowercased())])
        #expect(Preferences(store: store)[\.sessionID] == id)
        store.write(["session_id": "not a uuid"])
        #expect(Preferences(store: store)[\.sessionID] == nil)
    }

    @Test func setsRoundTripThroughAFile() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file()
        let prefs = Preferences(store: try FilePreferenceStore(url: url))
        let devices: Set<UUID> = [UUID(), UUID(), UUID()]
        prefs[\.favourites] = [3, -1, 1 << 40, 0]
        prefs[\.labels] = ["b", "a", "é", "Z", ""]
        prefs[\.days] = [.sunday, .monday]
        prefs[\.devices] = devices
        prefs[\.taggedCount] = Tagged(payload: 7, tags: ["x", "a"])
        prefs[\.boxedNames] = Box(payload: ["a", "b"])
        try prefs.flush()
        let reopened = Preferences(store: try FilePreferenceStore(url: url))
        #expect(reopened[\.favourites] == [3, -1, 1 << 40, 0])
        #expect(reopened[\.labels] == ["b", "a", "é", "Z", ""])
        #expect(reopened[\.days] == [.sunday, .monday])
        #expect(reopened[\.devices] == devices)
        #expect(reopened[\.taggedCount] == Tagged(payload: 7, tags: ["x", "a"]))
        #expect(reopened[\.boxedNames] == Box(payload: ["a", "b"]))
    }

    /// The same set is stored the same way, however it was built: a file does not churn when nothing changed.
    @Test func aSetIsStoredInOneStableOrder() throws {
        var grown = Set(0..<2_000)
        grown.subtract(500..<2_000)
        let direct = Set((0..<500).reversed())
        let stored = try grown.preferenceValue()
        #expect(stored == (try direct.preferenceValue()))
        #expect(stored == .array((0..<500).map { PreferenceValue.integer(Int64($0)) }))
        let words: Set<String> = ["pear", "Apple", "apple", "äpfel", "Zebra", ""]
        #expect(try words.preferenceValue() == ["", "Apple", "Zebra", "apple", "pear", "äpfel"])
        let nested = try PreferenceValueEncoder().encode(Tagged(payload: 1, tags: ["c", "a", "b"]))
        #expect(nested == ["payload": 1, "tags": ["a", "b", "c"]])
    }

    @Test func aStoredArrayWithRepeatsReadsAsASet() throws {
        let store = InMemoryPreferenceStore()
        store.write(["favourites": [1, 2, 2, 1]])
        #expect(Preferences(store: store)[\.favourites] == [1, 2])
        store.write(["favourites": [1, "two"]])
        #expect(Preferences(store: store)[\.favourites] == [], "an invalid element reads the default")
    }

    @Test func theStorageOrderIsTotalAndPutsKindsInOrder() {
        let values: [PreferenceValue] = [
            .dictionary(["b": 1]), .dictionary(["a": 2]), .array([1, 2]), .array([1]),
            .date(Date(timeIntervalSinceReferenceDate: 1)), .date(Date(timeIntervalSinceReferenceDate: -1)),
            .data(Data([1])), .data(Data()), "b", "a", .double(.nan), .double(1), .double(0), .double(-0.0),
            .double(-.infinity), .unsignedInteger(.max), .integer(.max), .integer(-1), .integer(.min), true, false,
        ]
        let sorted = values.sorted(by: PreferenceValue.storageOrder)
        #expect(
            sorted == [
                false, true, .integer(.min), .integer(-1), .integer(.max), .unsignedInteger(.max),
                .double(-.infinity), .double(-0.0), .double(0), .double(1), .double(.nan), "a", "b", .data(Data()),
                .data(Data([1])), .date(Date(timeIntervalSinceReferenceDate: -1)),
                .date(Date(timeIntervalSinceReferenceDate: 1)), .array([1]), .array([1, 2]), .dictionary(["a": 2]),
                .dictionary(["b": 1]),
            ])
        for left in values {
            for right in values {
                let before = PreferenceValue.storageOrder(left, right)
                let after = PreferenceValue.storageOrder(right, left)
                #expect(!(before && after), "\(left) and \(right) are ordered both ways")
                #expect(before || after || left == right, "\(left) and \(right) are unordered but not the same")
            }
        }
    }
}

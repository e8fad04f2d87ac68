import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// Every value kind survives a write, a new container on the same store, and a read.
@Suite struct ValueRoundTripTests {
    /// Writes through one container, flushes, and reads through a fresh one on the same store.
    private func roundTrip<Value: Sendable & Equatable>(
        _ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        _ value: Value,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let store = InMemoryPreferenceStore()
        let writer = Preferences(store: store)
        writer[keyPath] = value
        try writer.flush()
        #expect(Preferences(store: store)[keyPath] == value, sourceLocation: sourceLocation)
    }

    @Test func scalars() throws {
        try roundTrip(\.flag, true)
        try roundTrip(\.count, Int.min)
        try roundTrip(\.count, Int.max)
        try roundTrip(\.name, "Grüße 👋🏽")
        try roundTrip(\.double, -0.1)
        try roundTrip(\.float, Float.pi)
        try roundTrip(\.data, Data([0, 255, 7]))
        try roundTrip(\.date, Date(timeIntervalSinceReferenceDate: 812_345_678.123_456))
        try roundTrip(\.url, URL(string: "https://example.com/a?b=1#f")!)
    }

    @Test func everyIntegerWidthAtItsExtremes() throws {
        try roundTrip(\.int8, .min)
        try roundTrip(\.int8, .max)
        try roundTrip(\.uint8, .max)
        try roundTrip(\.int16, .min)
        try roundTrip(\.int16, .max)
        try roundTrip(\.uint16, .max)
        try roundTrip(\.int32, .min)
        try roundTrip(\.int32, .max)
        try roundTrip(\.uint32, .max)
        try roundTrip(\.int64, .min)
        try roundTrip(\.int64, .max)
        try roundTrip(\.uint64, .max)
        try roundTrip(\.uint64, 0)
        try roundTrip(\.uint, .max)
    }

    @Test func collectionsRawRepresentableAndCodable() throws {
        try roundTrip(\.selections, [1, 1, 2, 3, 5])
        try roundTrip(\.scores, ["a": 1.5, "b": -2])
        try roundTrip(\.nestedArrays, [["a"], [], ["b", "c"]])
        try roundTrip(\.theme, .dark)
        try roundTrip(\.level, .high)
        try roundTrip(\.window, Frame(x: 1, y: 2, width: 640, height: 480))
        try roundTrip(\.frames, [Frame(x: 1), Frame(y: 2)])
        try roundTrip(\.legacyFrame, Frame(width: 3))
    }

    @Test func optionals() throws {
        let profile = Profile(
            name: "Ada", tags: ["x"], frame: Frame(width: 2), level: .high,
            updated: Date(timeIntervalSinceReferenceDate: 1.25), avatar: Data([1]),
            homepage: URL(string: "https://example.com/~ada?x#y")!, nickname: nil
        )
        try roundTrip(\.profile, profile)
        try roundTrip(\.lastOpened, Date(timeIntervalSince1970: 1))
        try roundTrip(\.optionalTheme, .light)
        try roundTrip(\.optionalURL, URL(string: "file:///tmp/a%20b")!)
    }

    @Test func storedForms() throws {
        let (prefs, store) = makePreferences()
        prefs[\.theme] = .dark
        prefs[\.level] = .high
        prefs[\.window] = Frame(x: 1, y: 2, width: 3, height: 4)
        prefs[\.url] = URL(string: "https://example.com/a?b=1#f")!
        prefs[\.float] = 0.5
        prefs[\.uint64] = .max
        prefs[\.legacyFrame] = Frame()
        try prefs.flush()
        let stored = store.contents
        #expect(stored["theme"] == "dark")
        #expect(stored["level"] == 9)
        #expect(stored["window"] == ["x": 1.0, "y": 2.0, "width": 3.0, "height": 4.0])
        #expect(stored["url"] == "https://example.com/a?b=1#f")
        #expect(stored["float"] == 0.5)
        #expect(stored["uint64"] == .unsignedInteger(.max))
        #expect(stored["legacy_frame"] == #"{"height":0,"width":0,"x":0,"y":0}"#)
    }

    @Test func optionalKeysDefaultToNilAndNilRemovesTheStoredValue() throws {
        let (prefs, store) = makePreferences()
        #expect(prefs[\.lastOpened] == nil)
        prefs[\.lastOpened] = Date(timeIntervalSince1970: 5)
        try prefs.flush()
        #expect(store.contents["last_opened"] == .date(Date(timeIntervalSince1970: 5)))
        prefs[\.lastOpened] = nil
        try prefs.flush()
        #expect(store.contents["last_opened"] == nil)
        #expect(prefs[\.lastOpened] == nil)
    }

    @Test func rawPreferenceValueKeysReadTheTreeAsItIs() throws {
        let (prefs, _) = makePreferences(["raw": ["a": [1, "two"]]])
        #expect(prefs[\.raw] == ["a": [1, "two"]])
    }
}

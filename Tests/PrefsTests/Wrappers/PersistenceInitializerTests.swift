import Foundation
import Prefs
import PrefsTestSupport
import Testing

/// Every initializer of SwiftUI's `@AppStorage`, exercised through `@Persistence` on this platform:
/// the default while nothing is stored, a write that plain `UserDefaults` code reads back in its
/// natural form, and a plain `UserDefaults` write that reaches the property.
@Suite struct PersistenceInitializerTests {
    /// Reads the default, writes `written` and checks the defaults hold it, then writes behind the
    /// property's back with plain `UserDefaults` code and waits for the property to read `outside`.
    private func exercise<Value: Equatable & Sendable>(
        _ property: Persistence<Value>,
        _ defaults: UserDefaults,
        default defaultValue: Value,
        write written: Value,
        stored: (UserDefaults) -> Bool,
        outside: Value,
        writeOutside: (UserDefaults) -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(property.wrappedValue == defaultValue, sourceLocation: sourceLocation)
        property.wrappedValue = written
        #expect(property.wrappedValue == written, sourceLocation: sourceLocation)
        #expect(stored(defaults), "plain UserDefaults does not read the written value", sourceLocation: sourceLocation)
        writeOutside(defaults)
        eventually("the property reads the outside write", sourceLocation: sourceLocation) {
            property.wrappedValue == outside
        }
    }

    // MARK: init(wrappedValue:_:store:)

    @Test func bool() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("flag", store: defaults) var flag = false
        exercise(
            _flag, defaults, default: false, write: true, stored: { $0.bool(forKey: "flag") },
            outside: false, writeOutside: { $0.set(false, forKey: "flag") })
    }

    @Test func int() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("count", store: defaults) var count = 3
        // Not `Int.max`: Linux's Foundation boxes that one value as an `Int64`, which its own
        // `integer(forKey:)` reads as 0 (what Prefs reads back is exact; see the store's tests).
        exercise(
            _count, defaults, default: 3, write: .max - 1, stored: { $0.integer(forKey: "count") == .max - 1 },
            outside: -7, writeOutside: { $0.set(-7, forKey: "count") })
    }

    @Test func double() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("scale", store: defaults) var scale = 1.0
        exercise(
            _scale, defaults, default: 1, write: 0.1, stored: { $0.double(forKey: "scale") == 0.1 },
            outside: -2.5, writeOutside: { $0.set(-2.5, forKey: "scale") })
    }

    @Test func string() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("username", store: defaults) var name = "fatbobman"
        exercise(
            _name, defaults, default: "fatbobman", write: "Grüße 👋",
            stored: { $0.string(forKey: "username") == "Grüße 👋" },
            outside: "Ada", writeOutside: { $0.set("Ada", forKey: "username") })
    }

    @Test func url() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        let home = URL(string: "https://example.com")!, page = URL(string: "https://example.com/a?b=1#f")!
        @Persistence("homepage", store: defaults) var homepage = home
        exercise(
            _homepage, defaults, default: home, write: page, stored: { $0.url(forKey: "homepage") == page },
            outside: URL(fileURLWithPath: "/tmp/a b"),
            writeOutside: { $0.set(URL(fileURLWithPath: "/tmp/a b"), forKey: "homepage") })
    }

    @Test func date() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        let epoch = Date(timeIntervalSince1970: 0), precise = Date(timeIntervalSinceReferenceDate: 812_345_678.123_456)
        @Persistence("opened", store: defaults) var opened = epoch
        exercise(
            _opened, defaults, default: epoch, write: precise, stored: { $0.object(forKey: "opened") != nil },
            outside: Date(timeIntervalSince1970: 1_000_000),
            writeOutside: { $0.set(Date(timeIntervalSince1970: 1_000_000), forKey: "opened") })
    }

    @Test func data() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("avatar", store: defaults) var avatar = Data()
        exercise(
            _avatar, defaults, default: Data(), write: Data([0, 255]),
            stored: { $0.data(forKey: "avatar") == Data([0, 255]) },
            outside: Data([7]), writeOutside: { $0.set(Data([7]), forKey: "avatar") })
    }

    @Test func rawRepresentableWithIntRawValues() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("level", store: defaults) var level = Level.low
        exercise(
            _level, defaults, default: .low, write: .high, stored: { $0.integer(forKey: "level") == 9 },
            outside: .low, writeOutside: { $0.set(1, forKey: "level") })
    }

    @Test func rawRepresentableWithStringRawValues() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("theme", store: defaults) var theme = Theme.system
        exercise(
            _theme, defaults, default: .system, write: .dark, stored: { $0.string(forKey: "theme") == "dark" },
            outside: .light, writeOutside: { $0.set("light", forKey: "theme") })
    }

    // MARK: init(_:store:), the optional forms: nil by default, nil removes the stored value

    /// Exercises an optional property, then checks that setting nil removes the stored value.
    private func exerciseOptional<Value: Equatable & Sendable>(
        _ property: Persistence<Value?>,
        _ defaults: UserDefaults,
        key: String,
        write written: Value,
        stored: (UserDefaults) -> Bool,
        outside: Value,
        writeOutside: (UserDefaults) -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        exercise(
            property, defaults, default: nil, write: written, stored: stored, outside: outside,
            writeOutside: writeOutside, sourceLocation: sourceLocation)
        property.wrappedValue = nil
        #expect(defaults.object(forKey: key) == nil, sourceLocation: sourceLocation)
        #expect(property.wrappedValue == nil, sourceLocation: sourceLocation)
    }

    @Test func optionalBool() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("flag", store: defaults) var flag: Bool?
        exerciseOptional(
            _flag, defaults, key: "flag", write: false, stored: { $0.object(forKey: "flag") as? Bool == false },
            outside: true, writeOutside: { $0.set(true, forKey: "flag") })
    }

    @Test func optionalInt() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("count", store: defaults) var count: Int?
        exerciseOptional(
            _count, defaults, key: "count", write: 0, stored: { $0.object(forKey: "count") as? Int == 0 },
            outside: 5, writeOutside: { $0.set(5, forKey: "count") })
    }

    @Test func optionalDouble() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("scale", store: defaults) var scale: Double?
        exerciseOptional(
            _scale, defaults, key: "scale", write: 1.5, stored: { $0.double(forKey: "scale") == 1.5 },
            outside: 2, writeOutside: { $0.set(2.0, forKey: "scale") })
    }

    @Test func optionalString() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("username", store: defaults) var name: String?
        exerciseOptional(
            _name, defaults, key: "username", write: "", stored: { $0.string(forKey: "username") == "" },
            outside: "Ada", writeOutside: { $0.set("Ada", forKey: "username") })
    }

    @Test func optionalURL() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        let page = URL(string: "https://example.com/~ada?x#y")!
        @Persistence("homepage", store: defaults) var homepage: URL?
        exerciseOptional(
            _homepage, defaults, key: "homepage", write: page, stored: { $0.url(forKey: "homepage") == page },
            outside: URL(fileURLWithPath: "/var/log"),
            writeOutside: { $0.set(URL(fileURLWithPath: "/var/log"), forKey: "homepage") })
    }

    @Test func optionalDate() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        let whole = Date(timeIntervalSince1970: 86_400)
        @Persistence("opened", store: defaults) var opened: Date?
        exerciseOptional(
            _opened, defaults, key: "opened", write: whole, stored: { $0.object(forKey: "opened") as? Date == whole },
            outside: Date(timeIntervalSince1970: 1),
            writeOutside: { $0.set(Date(timeIntervalSince1970: 1), forKey: "opened") })
    }

    @Test func optionalData() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("avatar", store: defaults) var avatar: Data?
        exerciseOptional(
            _avatar, defaults, key: "avatar", write: Data(), stored: { $0.data(forKey: "avatar") == Data() },
            outside: Data([1, 2]), writeOutside: { $0.set(Data([1, 2]), forKey: "avatar") })
    }

    @Test func optionalRawRepresentableWithIntRawValues() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("level", store: defaults) var level: Level?
        exerciseOptional(
            _level, defaults, key: "level", write: .low, stored: { $0.integer(forKey: "level") == 1 },
            outside: .high, writeOutside: { $0.set(9, forKey: "level") })
    }

    @Test func optionalRawRepresentableWithStringRawValues() throws {
        let suite = try TemporarySuite(), defaults = suite.defaults
        @Persistence("theme", store: defaults) var theme: Theme?
        exerciseOptional(
            _theme, defaults, key: "theme", write: .dark, stored: { $0.string(forKey: "theme") == "dark" },
            outside: .system, writeOutside: { $0.set("system", forKey: "theme") })
    }
}

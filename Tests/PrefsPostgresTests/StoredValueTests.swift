import Foundation
import Logging
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// Values are stored as `jsonb` in the file store's tree form and read back exactly: doubles keep
/// their kind and every bit, values PostgreSQL cannot hold are refused with a clear error.
@Suite(.ownThreads, .timeLimit(.minutes(scaledMinutes(2))))
struct StoredValueTests {
    static let awkwardDoubles: [Double] = [
        0.1, 1e-5, 1e20, 1e16, 123_456_789.125, -2.5e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -0.0, 0.0,
        Double.pi, -1e100, 1.0,
    ]

    static let awkwardDates: [Double] = [
        815_486_422.398_374_2, Date().timeIntervalSinceReferenceDate, Date.distantPast.timeIntervalSinceReferenceDate,
        Date.distantFuture.timeIntervalSinceReferenceDate, -0.0, -1e-300, .greatestFiniteMagnitude,
        -978_307_200.000_000_1,
    ]

    @Test(.requiresPostgreSQL) func aDateThatIsNotFiniteIsRefused() throws {
        let fleet = try Fleet()
        let store = try fleet.store()
        let error = #expect(throws: PostgresPreferenceStoreError.self) {
            try store.write(["when": .date(Date(timeIntervalSinceReferenceDate: .infinity))])
        }
        #expect(error.map { "\($0)" }?.contains("the date is not finite") == true)
    }

    @Test func thePositionalFormKeepsEveryDoubleAndItsKind() throws {
        #expect(
            PreferenceJSON.text(of: .double(1e20), pretty: false, doubles: .positional) == "100000000000000000000.0")
        #expect(PreferenceJSON.text(of: .double(1e-5), pretty: false, doubles: .positional) == "0.00001")
        #expect(PreferenceJSON.text(of: .double(-1.5e-7), pretty: false, doubles: .positional) == "-0.00000015")
        #expect(PreferenceJSON.text(of: .double(-0.0), pretty: false, doubles: .positional) == #"{"$double": "-0"}"#)
        var generator = SystemRandomNumberGenerator()
        let random = (0..<20_000).map { _ in Double(bitPattern: generator.next()) }.filter(\.isFinite)
        for double in Self.awkwardDoubles + random {
            let text = PreferenceJSON.text(of: .double(double), pretty: false, doubles: .positional)
            #expect(!text.contains("e+") && !text.contains("e-"), "\(text) has an exponent")
            guard case .double(let decoded) = try PreferenceJSON.value(parsing: text) else {
                Issue.record("\(double) read back as another kind from \(text)")
                continue
            }
            #expect(decoded.bitPattern == double.bitPattern, "\(double) → \(text) → \(decoded)")
        }
    }

    @Test(.requiresPostgreSQL) func valuesSurviveTheDatabaseBitForBit() throws {
        let fleet = try Fleet()
        let store = try fleet.store()
        var values: [String: PreferenceValue] = [:]
        for (index, double) in Self.awkwardDoubles.enumerated() { values["double.\(index)"] = .double(double) }
        values["nested"] = .dictionary([
            "doubles": .array(Self.awkwardDoubles.map(PreferenceValue.double)),
            "$special": .string("a member that looks special"),
        ])
        values["lonely-special"] = .dictionary(["$date": .string("not a date")])
        values["large"] = .string(String(repeating: "x", count: 1_000_000))
        values["int.min"] = .integer(.min)
        values["uint.max"] = .unsignedInteger(.max)
        for (index, seconds) in Self.awkwardDates.enumerated() {
            values["date.\(index)"] = .date(Date(timeIntervalSinceReferenceDate: seconds))
        }
        try store.write(values)
        try store.flush()
        let reopened = try fleet.store()
        for (key, value) in values {
            let read = reopened.value(forKey: key)
            #expect(read == value, "\(key)")
            if case .double(let double) = value, case .double(let readDouble) = read {
                #expect(double.bitPattern == readDouble.bitPattern, "\(key): \(double) read as \(readDouble)")
            }
            if case .date(let date) = value, case .date(let readDate) = read {
                #expect(
                    date.timeIntervalSinceReferenceDate.bitPattern
                        == readDate.timeIntervalSinceReferenceDate.bitPattern,
                    "\(key): \(date) read as \(readDate)")
            }
        }
    }

    /// The triggers skip a write only when it stores the same value by Prefs' one definition: an integer and a
    /// double of equal value are different values, although `jsonb` compares them as equal numbers.
    @Test(.requiresPostgreSQL) func aWriteThatChangesOnlyTheKindIsStored() throws {
        let fleet = try Fleet()
        let store = try fleet.store()
        try store.write(["number": .integer(1)])
        try store.flush()
        try store.write(["number": .double(1)])
        try store.flush()
        #expect(try fleet.store().value(forKey: "number") == .double(1))
        try store.write(["zero": .double(0)])
        try store.write(["zero": .double(-0.0)])
        try store.flush()
        #expect(try fleet.store().value(forKey: "zero") == .double(-0.0))
        let versions = try fleet.server.sql(
            "SELECT version FROM prefs_values WHERE namespace = '\(fleet.namespace)' AND key = 'number'")
        try store.write(["number": .double(1)])
        try store.flush()
        #expect(
            try fleet.server.sql(
                "SELECT version FROM prefs_values WHERE namespace = '\(fleet.namespace)' AND key = 'number'")
                == versions, "an equal write makes no new version")
    }

    @Test(.requiresPostgreSQL) func keyNamesAndNamespacesAreDataNeverSQL() throws {
        let hostile = "x'); DROP TABLE prefs_values; --"
        let fleet = try Fleet(namespace: "it's \"odd\" $1 \(hostile) \(UUID())")
        let (writer, _) = try fleet.instance()
        let (reader, _) = try fleet.instance()
        let seen = Collected<String>()
        let token = reader.observe(\.[string: hostile]) { seen.append($0.newValue) }
        writer[\.[string: hostile]] = "'; SELECT pg_sleep(10); --"
        try writer.flush()
        #expect(eventually("the other instance sees the value") { seen.all == ["'; SELECT pg_sleep(10); --"] })
        #expect(try fleet.server.sql("SELECT count(*) FROM prefs_values WHERE key = $$\(hostile)$$") == "1")
        withExtendedLifetime(token) {}
    }

    @Test(.requiresPostgreSQL) func aValueWithANULCharacterIsRefusedAtOnce() throws {
        let fleet = try Fleet()
        let (prefs, store) = try fleet.instance()
        let error = #expect(throws: PostgresPreferenceStoreError.self) {
            try store.write(["text": .string("before\0after")])
        }
        #expect(error?.kind == .unstorableValue)
        #expect(error?.message.contains("'text'") == true)
        #expect(throws: PreferenceWriteError.self) { try prefs.set(\.[string: "text"], "a\0b") }
        #expect(prefs[\.[string: "text"]] == "", "the refused write is not kept")
        #expect(throws: PostgresPreferenceStoreError.self) { try store.write(["bad\0key": .integer(1)]) }
    }

    @Test(.requiresPostgreSQL) func aRowThatIsNotAPreferenceValueReadsAsUnsetAndIsReported() throws {
        let fleet = try Fleet()
        let (logger, messages) = CapturingLogHandler.logger()
        let (prefs, _) = try fleet.instance(logger: logger)
        prefs[\.[int: "damaged"]] = 5
        try prefs.flush()
        try fleet.server.sql(
            "UPDATE prefs_values SET value = 'null' WHERE namespace = '\(fleet.namespace)' AND key = 'damaged'")
        #expect(eventually("the damaged row reads as the default") { prefs[\.[int: "damaged"]] == 0 })
        #expect(messages.text.contains("the stored value of 'damaged' is not a preference value"))
    }
}

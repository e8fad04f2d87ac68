import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

extension PreferenceKeys {
    fileprivate subscript<Value: PreferenceStorable>(typed name: String) -> Key<Value?> { Key(name) }
    fileprivate subscript<Value: RawRepresentable & Sendable>(raw name: String) -> Key<Value?>
    where Value.RawValue: PreferenceStorable { Key(name) }
}

/// Typed values of every storable type, generated, written through one container, flushed, and read back `==` by a
/// fresh container on a reopened store: in memory, in a file, and in UserDefaults.
@Suite struct GeneratedTypedRoundTripTests {
    /// One round trip of one typed value; a failure message, or nil.
    typealias Probe = (inout PreferenceValueGenerator, _ writer: Preferences, _ name: String) -> (
        (Preferences) -> String?
    )

    static func probe<Value: PreferenceStorable & Equatable>(
        _ make: @escaping (inout PreferenceValueGenerator) -> Value,
        same: @escaping (Value, Value) -> Bool = { $0 == $1 }
    ) -> Probe {
        { generator, writer, name in
            let value = make(&generator)
            writer[\.[typed: name]] = value
            return { reader in
                let read: Value? = reader[\.[typed: name]]
                if let read, same(value, read) { return nil }
                return "\(Value.self) '\(name)': wrote \(value), read \(read.map { "\($0)" } ?? "nil")"
            }
        }
    }

    /// The same for an enum stored as its raw value.
    static func probeRaw<Value: RawRepresentable & Sendable & Equatable>(
        _ make: @escaping (inout PreferenceValueGenerator) -> Value
    ) -> Probe where Value.RawValue: PreferenceStorable {
        { generator, writer, name in
            let value = make(&generator)
            writer[\.[raw: name]] = value
            return { reader in
                let read: Value? = reader[\.[raw: name]]
                return read == value
                    ? nil : "\(Value.self) '\(name)': wrote \(value), read \(read.map { "\($0)" } ?? "nil")"
            }
        }
    }

    static var probes: [Probe] {
        [
            probe { $0.anyInteger(Int8.self) }, probe { $0.anyInteger(Int16.self) },
            probe { $0.anyInteger(Int32.self) },
            probe { $0.anyInteger(Int64.self) }, probe { $0.anyInteger(Int.self) }, probe { $0.anyInteger(UInt8.self) },
            probe { $0.anyInteger(UInt16.self) }, probe { $0.anyInteger(UInt32.self) },
            probe { $0.anyInteger(UInt64.self) },
            probe { $0.anyInteger(UInt.self) }, probe({ $0.float() }, same: { $0.isSame(as: $1) }),
            probe({ $0.double() }, same: { $0.isSame(as: $1) }), probe { $0.chance(0.5) },
            probe({ $0.string() }, same: { $0.isSame(as: $1) }), probe { $0.data() }, probe { $0.date() },
            probe { $0.url() }, probe { generator in (0..<3).map { _ in generator.anyInteger(Int16.self) } },
            probe { generator in ["a": generator.anyInteger(UInt32.self), "b.c": generator.anyInteger(UInt32.self)] },
            probeRaw { $0.pick(Theme.allCases) }, probeRaw { $0.pick([Level.low, .high]) }, probe { $0.record() },
            probe { generator in [generator.record()] },
        ]
    }

    /// Runs `cases` rounds of every probe: write all through `writer`, flush, read all through `makeReader()`.
    static func run(
        cases: Int,
        profile: PreferenceValueGenerator.Profile,
        writer: Preferences,
        makeReader: () throws -> Preferences
    ) throws -> [String] {
        let seed = PreferenceValueGenerator.environmentSeed
        var generator = PreferenceValueGenerator(seed: seed, profile: profile)
        var failures: [String] = []
        for round in 0..<cases {
            let checks = probes.enumerated().map { index, probe in probe(&generator, writer, "typed.\(round).\(index)")
            }
            try writer.flush()
            let reader = try makeReader()
            failures += checks.compactMap { $0(reader) }.map {
                "\($0) (round \(round) of seed \(PreferenceValueGenerator.seedText(seed)))"
            }
        }
        print(
            "generated typed round trips: \(cases * probes.count) values, seed \(PreferenceValueGenerator.seedText(seed))"
        )
        return failures
    }

    /// Records each failure.
    static func record(_ failures: [String]) {
        for failure in failures { Issue.record("\(failure)") }
    }

    static let small = PreferenceValueGenerator.Profile(maximumStringLength: 512, maximumDataLength: 4_096)

    @Test func inMemory() async throws {
        let store = InMemoryPreferenceStore()
        let failures = try await onOwnThread {
            try Self.run(
                cases: PreferenceValueGenerator.caseCount(60), profile: Self.small, writer: Preferences(store: store),
                makeReader: { Preferences(store: store) })
        }
        Self.record(failures)
    }

    @Test func file() async throws {
        let directory = try TemporaryDirectory()
        let failures = try await onOwnThread {
            try Self.run(
                cases: PreferenceValueGenerator.caseCount(30), profile: Self.small,
                writer: Preferences(store: try FilePreferenceStore(url: directory.file())),
                makeReader: {
                    Preferences(store: try FilePreferenceStore(url: directory.file(), watchesForChanges: false))
                })
        }
        Self.record(failures)
    }

    @Test func userDefaults() async throws {
        let suite = try TemporarySuite()
        let name = suite.name
        var profile = PreferenceValueGenerator.Profile.xmlText
        profile.maximumStringLength = 512
        profile.maximumDataLength = 4_096
        let failures = try await onOwnThread { [profile] in
            try Self.run(
                cases: PreferenceValueGenerator.caseCount(20), profile: profile,
                writer: Preferences(store: UserDefaultsPreferenceStore(suiteName: name, pollingInterval: nil)!),
                makeReader: { Preferences(store: UserDefaultsPreferenceStore(suiteName: name, pollingInterval: nil)!) })
        }
        Self.record(failures)
        _ = suite
    }
}

import Foundation
import Logging
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// A nested member of ``Layout``.
private struct Inspector: Codable, Sendable, Equatable {
    var width = 200.0
    var isVisible = true
    var tabs = ["info"]
}

/// A `Codable` value of many kinds of members, one of them nested and one optional: the fixed type whose encoded
/// forms the generated test mutates.
private struct Layout: Codable, Sendable, Equatable, PreferenceStorable {
    var sidebarWidth = 240.0
    var title = "Main"
    var count = 3
    var isCompact = false
    var opened = Date(timeIntervalSinceReferenceDate: 0)
    var inspector = Inspector()
    var note: String?
}

extension PreferenceKeys {
    fileprivate var layout: Key<Layout> { Key("layout", default: Layout()).decodingMemberByMember() }
    /// The same key without the opt-in: the control, which reads the whole default when one member is broken.
    fileprivate var wholeLayout: Key<Layout> { Key("layout", default: Layout()) }
    fileprivate var secretLayout: Key<Layout> {
        Key("secret_layout", default: Layout(), isSecret: true).decodingMemberByMember()
    }
}

@Suite struct MemberByMemberTests {
    private func container(
        _ stored: PreferenceValue
    ) -> (Preferences, InMemoryPreferenceStore, CapturingLogHandler.Messages) {
        let store = InMemoryPreferenceStore(["layout": stored])
        let (logger, messages) = CapturingLogHandler.logger()
        return (Preferences(store: store, logger: logger), store, messages)
    }

    @Test func aMemberOfAnotherTypeReadsItsDefaultAndTheOthersAreKept() throws {
        let stored: PreferenceValue = ["sidebarWidth": 300.0, "title": 7, "count": 5, "isCompact": true]
        let (prefs, store, messages) = container(stored)
        var expected = Layout()
        (expected.sidebarWidth, expected.count, expected.isCompact) = (300, 5, true)
        #expect(prefs[\.layout] == expected)
        #expect(prefs[\.wholeLayout] == Layout())  // without the opt-in, one broken member loses them all
        #expect(
            prefs.defaultedMembers(of: \.layout).map(\.description) == [
                "inspector (missing)", "opened (missing)", "title (not valid)",
            ])
        #expect(prefs.defaultedMembers(of: \.wholeLayout).isEmpty)
        #expect(store.value(forKey: "layout") == stored)  // reading changes nothing stored
        let warning = try #require(messages.all.first { $0.message.contains("member by member") })
        #expect(warning.level == .warning)
        #expect(warning.message.contains("title (not valid)"))
    }

    @Test func onlyMissingMembersAreReportedAtNoticeLevel() throws {
        let (prefs, _, messages) = container(["sidebarWidth": 300.0])
        #expect(prefs[\.layout].sidebarWidth == 300)
        let notice = try #require(messages.all.first { $0.message.contains("member by member") })
        #expect(notice.level == .notice)
    }

    @Test func aValueThatDecodesAsItIsReadsExactlyAndReportsNothing() throws {
        var saved = Layout()
        saved.note = nil
        saved.inspector.isVisible = false
        var stored = try saved.preferenceValue()
        if case .dictionary(var members) = stored {
            members["removedInVersion3"] = "kept on disk, ignored"
            stored = .dictionary(members)
        }
        let (prefs, _, messages) = container(stored)
        #expect(prefs[\.layout] == saved)
        #expect(prefs.defaultedMembers(of: \.layout).isEmpty)
        #expect(messages.all.isEmpty)
    }

    @Test func aNestedObjectIsReadMemberByMember() throws {
        let stored: PreferenceValue = [
            "sidebarWidth": 1.0, "title": "T", "count": 1, "isCompact": true,
            "opened": .date(Date(timeIntervalSince1970: 5)),
            "inspector": ["width": "wide", "isVisible": false],
        ]
        let (prefs, _, _) = container(stored)
        #expect(prefs[\.layout].inspector == Inspector(width: 200, isVisible: false, tabs: ["info"]))
        #expect(prefs[\.layout].title == "T")
        #expect(
            prefs.defaultedMembers(of: \.layout).map(\.description) == [
                "inspector.tabs (missing)", "inspector.width (not valid)",
            ])
    }

    @Test func aStoredValueThatIsNotAnObjectReadsTheWholeDefault() throws {
        let (prefs, _, messages) = container("a string")
        #expect(prefs[\.layout] == Layout())
        #expect(prefs.defaultedMembers(of: \.layout).isEmpty)
        #expect(messages.count(containing: "is not a valid") == 1)
    }

    @Test func theNextWriteStoresTheValueAsRead() throws {
        let (prefs, store, _) = container(["title": 7, "count": 9])
        prefs[\.layout].isCompact = true
        try prefs.flush()
        var expected = Layout()
        (expected.count, expected.isCompact) = (9, true)
        #expect(store.value(forKey: "layout") == (try expected.preferenceValue()))
        #expect(prefs.defaultedMembers(of: \.layout).isEmpty)
    }

    @Test func writesAreCheckedStrictly() throws {
        let prefs = Preferences(store: InMemoryPreferenceStore())
        let key = AnyPreferenceKey(\.layout)
        #expect(key.decodesMemberByMember)
        #expect(!AnyPreferenceKey(\.wholeLayout).decodesMemberByMember)
        let broken: PreferenceValue = ["sidebarWidth": "wide"]
        #expect(throws: (any Error).self) { try prefs.set(broken, for: key) }
        #expect(throws: (any Error).self) { try key.validate(broken) }
        #expect(key.defaultedMembers(reading: broken)?.map(\.description).contains("sidebarWidth (not valid)") == true)
        #expect(key.defaultedMembers(reading: "text") == nil)
        #expect(AnyPreferenceKey(\.wholeLayout).defaultedMembers(reading: broken) == nil)
    }

    @Test func aSecretKeysReportNamesMembersButNoValues() throws {
        let store = InMemoryPreferenceStore(["secret_layout": ["title": "hunter2-is-not-a-title", "count": "x"]])
        let (logger, messages) = CapturingLogHandler.logger()
        let prefs = Preferences(store: store, logger: logger)
        #expect(prefs[\.secretLayout].title == "hunter2-is-not-a-title")
        #expect(messages.count(containing: "count (not valid)") == 1)
        #expect(!messages.text.contains("hunter2"))
    }

    @Test func theSchemaGivesEachMembersDefault() throws {
        let prefs = Preferences(store: InMemoryPreferenceStore())
        let data = prefs.jsonSchema(of: [AnyPreferenceKey(\.layout)])
        let schema = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let layout = try #require((schema["properties"] as? [String: Any])?["layout"] as? [String: Any])
        #expect((layout["$comment"] as? String)?.contains("member by member") == true)
        let members = try #require(layout["properties"] as? [String: [String: Any]])
        #expect(members["sidebarWidth"]?["default"] as? Double == 240)
        #expect(members["title"]?["default"] as? String == "Main")
        let inspector = try #require(members["inspector"]?["properties"] as? [String: [String: Any]])
        #expect(inspector["tabs"]?["default"] as? [String] == ["info"])
        #expect(layout["required"] == nil)
        let whole = try #require(
            try JSONSerialization.jsonObject(with: prefs.jsonSchema(of: [AnyPreferenceKey(\.wholeLayout)]))
                as? [String: Any])
        let wholeLayout = try #require((whole["properties"] as? [String: Any])?["layout"] as? [String: Any])
        #expect(wholeLayout["$comment"] == nil)
        #expect((wholeLayout["properties"] as? [String: [String: Any]])?["title"]?["default"] == nil)
    }

    /// Stored trees made from generated `Layout`s, mutated: members dropped, added, and given values of another kind,
    /// at the top and inside the nested object. Each reads as the stored value with exactly the dropped and retyped
    /// members at their default, and the report names exactly those.
    @Test func generatedMutationsKeepEveryMemberTheyDoNotTouch() throws {
        var generator = PreferenceValueGenerator(seed: PreferenceValueGenerator.environmentSeed)
        let cases = PreferenceValueGenerator.caseCount(300)
        var readsTheWholeDefaultWithoutTheOptIn = 0
        for index in 0..<cases {
            let mutation = LayoutMutation.generate(using: &generator)
            let (prefs, _, _) = container(mutation.stored)
            let context = "case \(index) of seed \(generator.seed): \(mutation.stored)"
            #expect(prefs[\.layout] == mutation.expected, "\(context)")
            #expect(prefs.defaultedMembers(of: \.layout) == mutation.report, "\(context)")
            if mutation.report.contains(where: { $0.reason == .invalid }) {
                #expect(prefs[\.wholeLayout] == Layout(), "\(context)")
                readsTheWholeDefaultWithoutTheOptIn += 1
            }
        }
        #expect(readsTheWholeDefaultWithoutTheOptIn > cases / 4)
    }
}

/// A generated `Layout`, its stored tree mutated, and what a member-by-member read must make of it.
private struct LayoutMutation {
    var stored: PreferenceValue
    var expected: Layout
    var report: [PreferenceDefaultedMember]

    /// Values of a kind that no member of that path decodes from.
    private static let retyped: [String: PreferenceValue] = [
        "sidebarWidth": "wide", "title": 7, "count": 2.5, "isCompact": "yes", "opened": true, "inspector": 3,
        "note": ["a": 1], "width": "narrow", "isVisible": "no", "tabs": "info",
    ]

    static func generate(using generator: inout PreferenceValueGenerator) -> LayoutMutation {
        var layout = Layout()
        layout.sidebarWidth = Double(Int.random(in: 0...2000, using: &generator)) / 4
        layout.title = generator.pick(["", "Main", "Ünïcode ✓", "a\"quote"])
        layout.count = Int.random(in: -5...1000, using: &generator)
        layout.isCompact = generator.chance(0.5)
        layout.opened = Date(timeIntervalSinceReferenceDate: Double(Int.random(in: 0...1_000_000, using: &generator)))
        layout.inspector = Inspector(
            width: Double(Int.random(in: 0...900, using: &generator)), isVisible: generator.chance(0.5),
            tabs: generator.chance(0.5) ? [] : ["info", "history"])
        layout.note = generator.chance(0.5) ? "note \(generator.next() % 100)" : nil
        var mutation = LayoutMutation(stored: try! layout.preferenceValue(), expected: layout, report: [])
        let defaults = Layout()
        for name in ["sidebarWidth", "title", "count", "isCompact", "opened", "inspector", "note"] {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: mutation.drop([name], defaults: defaults)
            case 1: mutation.retype([name], defaults: defaults)
            case 2: mutation.add(["extra\(name)"], generator.scalar())
            default: break
            }
        }
        if case .dictionary(let members) = mutation.stored, case .dictionary = members["inspector"] {
            for name in ["width", "isVisible", "tabs"] {
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: mutation.drop(["inspector", name], defaults: defaults)
                case 1: mutation.retype(["inspector", name], defaults: defaults)
                case 2: mutation.add(["inspector", "extra\(name)"], generator.scalar())
                default: break
                }
            }
        }
        mutation.report.sort { $0.path.lexicographicallyPrecedes($1.path) }
        return mutation
    }

    private mutating func drop(_ path: [String], defaults: Layout) {
        stored = stored.removing(path)
        resetToDefault(path, defaults)
        if path != ["note"] { report.append(PreferenceDefaultedMember(path: path, reason: .missing)) }  // nil: none
    }

    private mutating func retype(_ path: [String], defaults: Layout) {
        stored = stored.replacing(path, with: Self.retyped[path.last!]!)
        resetToDefault(path, defaults)
        report.append(PreferenceDefaultedMember(path: path, reason: .invalid))
    }

    private mutating func add(_ path: [String], _ value: PreferenceValue) {
        stored = stored.replacing(path, with: value)
    }

    private mutating func resetToDefault(_ path: [String], _ defaults: Layout) {
        switch path {
        case ["sidebarWidth"]: expected.sidebarWidth = defaults.sidebarWidth
        case ["title"]: expected.title = defaults.title
        case ["count"]: expected.count = defaults.count
        case ["isCompact"]: expected.isCompact = defaults.isCompact
        case ["opened"]: expected.opened = defaults.opened
        case ["inspector"]: expected.inspector = defaults.inspector
        case ["note"]: expected.note = defaults.note
        case ["inspector", "width"]: expected.inspector.width = defaults.inspector.width
        case ["inspector", "isVisible"]: expected.inspector.isVisible = defaults.inspector.isVisible
        case ["inspector", "tabs"]: expected.inspector.tabs = defaults.inspector.tabs
        default: Issue.record("no member \(path)")
        }
    }
}

extension PreferenceValue {
    fileprivate func replacing(_ path: [String], with member: PreferenceValue) -> PreferenceValue {
        guard let name = path.first, case .dictionary(var members) = self else { return self }
        members[name] =
            path.count == 1 ? member : (members[name] ?? [:]).replacing(Array(path.dropFirst()), with: member)
        return .dictionary(members)
    }

    fileprivate func removing(_ path: [String]) -> PreferenceValue {
        guard let name = path.first, case .dictionary(var members) = self else { return self }
        members[name] = path.count == 1 ? nil : members[name]?.removing(Array(path.dropFirst()))
        return .dictionary(members)
    }
}

import Prefs
import PrefsEditors
import Testing

extension PreferenceKeys {
    var formTimeout: Key<Int> { Key("network.timeout", default: 30) }
    var formRetries: Key<Int> { Key("network.retries", default: 3) }
    var formTheme: Key<String> { Key("display.theme", default: "system") }
}

/// The generated settings screen's sections: keys grouped by the part of their name before the first `.`.
@Suite struct PreferenceFormSectionTests {
    @Test func keysAreGroupedByPrefixInTheOrderGiven() {
        let sections = PreferenceFormSection.sections(of: [
            AnyPreferenceKey(\.formTimeout), AnyPreferenceKey(\.editorsFlag), AnyPreferenceKey(\.formTheme),
            AnyPreferenceKey(\.formRetries), AnyPreferenceKey(\.editorsCount),
        ])
        #expect(sections.map(\.title) == ["network", "General", "display"])
        #expect(
            sections.map { $0.keys.map(\.name) } == [
                ["network.timeout", "network.retries"], ["flag", "count"], ["display.theme"],
            ])
    }
}

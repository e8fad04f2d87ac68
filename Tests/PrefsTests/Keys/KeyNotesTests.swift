import Foundation
import Prefs
import Testing

extension PreferenceKeys {
    var describedTheme: Key<Theme> { Key("described_theme", default: .system, description: "The app's colour scheme") }
    var secretToken: Key<String> { Key("secret_token", default: "", isSecret: true) }
    var secretOptional: Key<Date?> { Key("secret_date", description: "When the token expires", isSecret: true) }
}

/// A key's description and secret mark: carried by the key, its type-erased form, and every initializer.
@Suite struct KeyNotesTests {
    @Test func aKeyCarriesItsDescriptionAndSecretMark() {
        #expect(PreferenceKeys().describedTheme.description == "The app's colour scheme")
        #expect(!PreferenceKeys().describedTheme.isSecret)
        #expect(PreferenceKeys().secretToken.isSecret)
        #expect(PreferenceKeys().secretToken.description == nil)
        #expect(PreferenceKeys().theme.description == nil)
        #expect(!PreferenceKeys().theme.isSecret)
        let erased = AnyPreferenceKey(\.secretOptional)
        #expect(erased.isSecret)
        #expect(erased.description == "When the token expires")
    }

    @Test func anUpgradedKeyKeepsItsNotes() {
        let key = PreferenceKeys().secretToken.upgrading(from: Int.self) { String($0) }
        #expect(key.isSecret)
    }

    @Test func anOptionalEnumerationListsItsAllowedValues() {
        #expect(AnyPreferenceKey(\.optionalTheme).allowedValues == ["system", "light", "dark"])
    }

    @Test func notesDoNotChangeWhatAKeyReadsAndWrites() throws {
        let prefs = Preferences(store: InMemoryPreferenceStore())
        prefs[\.secretToken] = "abc"
        prefs[\.describedTheme] = .dark
        #expect(prefs[\.secretToken] == "abc")
        #expect(prefs[\.describedTheme] == .dark)
    }
}

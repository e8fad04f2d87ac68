import Foundation
import HTTPTypes
import HummingbirdTesting
import Prefs

enum Drink: String, Sendable, CaseIterable { case tea, coffee, water }

struct Cup: Codable, Sendable, Equatable, PreferenceStorable {
    var size = 250, handle = true
}

extension PreferenceKeys {
    var consoleDrink: Key<Drink> { Key("drink", default: .tea, description: "What to serve") }
    var consoleSugar: Key<Int8> { Key("sugar", default: 0, description: "Spoons of sugar") }
    var consoleCups: Key<Int> { Key("cups", default: 1) }
    var consoleCup: Key<Cup> { Key("cup", default: Cup()) }
    var consoleWarm: Key<Bool> { Key("warm", default: true) }
    var consoleBrewed: Key<Date?> { Key("brewed") }
    var consolePassword: Key<String> { Key("password", default: "", isSecret: true) }
}

/// The keys the console tests serve.
enum ConsoleKeys {
    static let all = [
        AnyPreferenceKey(\.consoleDrink), AnyPreferenceKey(\.consoleSugar), AnyPreferenceKey(\.consoleCups),
        AnyPreferenceKey(\.consoleCup), AnyPreferenceKey(\.consoleWarm), AnyPreferenceKey(\.consoleBrewed),
        AnyPreferenceKey(\.consolePassword),
    ]
}

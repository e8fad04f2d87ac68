import ArgumentParser
import Foundation
import Prefs
import PrefsCommand
import PrefsTestSupport

enum Flavor: String, Sendable, CaseIterable { case vanilla, chocolate, strawberry }

struct Size: Codable, Sendable, Equatable, PreferenceStorable {
    var width = 0.0, height = 0.0
}

extension PreferenceKeys {
    var flavor: Key<Flavor> { Key("flavor", default: .vanilla) }
    var scoops: Key<Int> { Key("scoops", default: 1) }
    var sprinkles: Key<Bool> { Key("sprinkles", default: false) }
    var size: Key<Size> { Key("size", default: Size()) }
    var lastOrder: Key<Date?> { Key("last_order") }
    var toppings: Key<[String]> { Key("toppings", default: ["nuts"]) }
}

/// The keys of the test app, in the container the test binds as `Preferences.standard`.
enum ShopPreferences: PreferenceCatalog {
    static let keys = [
        AnyPreferenceKey(\.flavor), AnyPreferenceKey(\.scoops), AnyPreferenceKey(\.sprinkles),
        AnyPreferenceKey(\.size), AnyPreferenceKey(\.lastOrder), AnyPreferenceKey(\.toppings),
    ]
}

/// A test app that embeds the command, as an app does.
struct ShopApp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shop",
        subcommands: [PrefsCommand<ShopPreferences>.self]
    )
}

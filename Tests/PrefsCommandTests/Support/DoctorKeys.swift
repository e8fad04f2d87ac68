import ArgumentParser
import Foundation
import Prefs
import PrefsCommand

struct Panel: Codable, Sendable, Equatable, PreferenceStorable {
    var width = 100.0
    var title = "Main"
}

extension PreferenceKeys {
    /// Renamed: older versions stored it as `sound_level`.
    var volume: Key<Int> { Key("volume", default: 5, formerNames: ["sound_level"]) }
    var panel: Key<Panel> { Key("panel", default: Panel()).decodingMemberByMember() }
    var apiToken: Key<String> { Key("api_token", default: "", isSecret: true) }
}

/// The keys of the app whose stores the doctor tests examine.
enum DoctorPreferences: PreferenceCatalog {
    static let keys = [
        AnyPreferenceKey(\.volume), AnyPreferenceKey(\.panel), AnyPreferenceKey(\.flavor), AnyPreferenceKey(\.scoops),
        AnyPreferenceKey(\.apiToken),
    ]
}

/// An app that embeds the command, as an app does.
struct DoctorApp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor-app", subcommands: [PrefsCommand<DoctorPreferences>.self])
}

/// What an older version of the app left in a file, with the key prefix `shop.`: two keys no code declares any more
/// (`shop.banner`, `shop.legacy.colors`), a former name (`shop.sound_level`), the migration record, a value of the
/// wrong type (`shop.scoops`), a member of another type (`shop.panel.width`), a secret of the wrong type, and a key of
/// another program without the prefix.
let olderVersionFile = """
    {
      "other.app.key": 1,
      "prefs.migrations": ["2026-01-split"],
      "shop.api_token": 42,
      "shop.banner": "Summer sale",
      "shop.flavor": "chocolate",
      "shop.legacy.colors": ["red", "green"],
      "shop.panel": {"title": "Mine", "width": "wide"},
      "shop.prefs.migrations": ["2026-01-split"],
      "shop.scoops": "two",
      "shop.sound_level": 7
    }
    """

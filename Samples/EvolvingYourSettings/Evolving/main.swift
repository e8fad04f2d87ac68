// Complete form of samples in: Sources/Prefs/Prefs.docc/EvolvingYourSettings.md
import Prefs

extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system, formerNames: ["app_theme"]) }
}

struct OldFrame: Codable, PreferenceStorable { var origin: Point; var size: Size }

extension PreferenceKeys {
    var window: Key<Frame> {
        Key("window", default: .zero).upgrading(from: OldFrame.self) { Frame(origin: $0.origin, size: $0.size) }
    }
}

let prefs = Preferences(store: InMemoryPreferenceStore())
try prefs.migrate([
    PreferenceMigration("2026-11-split-name") { tx in
        if case .string(let full)? = tx.value(named: "full_name") {
            tx[\.firstName] = String(full.split(separator: " ").first ?? "")
            tx.setValue(nil, named: "full_name")
        }
    },
])

// What the samples above use and do not show.
enum Theme: String, Sendable { case system, light, dark }
struct Point: Codable, Equatable { var x = 0.0, y = 0.0 }
struct Size: Codable, Equatable { var width = 0.0, height = 0.0 }
struct Frame: Codable, Sendable, Equatable, PreferenceStorable {
    var origin = Point(), size = Size()
    static let zero = Frame()
}
extension PreferenceKeys {
    var firstName: Key<String> { Key("first_name", default: "") }
}

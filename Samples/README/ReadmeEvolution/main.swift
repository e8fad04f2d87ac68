// Complete form of samples in: README.md
import Foundation
import Prefs

extension PreferenceKeys {
    // A renamed key: a value under "app_theme" moves to "theme" once, atomically, in the store.
    var theme: Key<Theme> { Key("theme", default: .system, formerNames: ["app_theme"]) }
    // A Codable type that changed shape: the old form is read and converted.
    var window: Key<Frame> { Key("window", default: .zero).upgrading(from: OldFrame.self) { Frame($0) } }
}

// Named steps, run once per store, recorded in it, one atomic transaction each.
try prefs.migrate([
    PreferenceMigration("2026-11-dark-by-default") { tx in
        if tx.value(named: "theme") == nil { tx[\.theme] = .dark }
    },
])

let document = try prefs.exportJSON()          // the store as a JSON document
try other.importJSON(document, mode: .merge)   // atomic; invalid values of declared keys refuse the import

// What the sample above uses and does not show.
let prefs = Preferences(store: InMemoryPreferenceStore())
let other = Preferences(store: InMemoryPreferenceStore())

enum Theme: String, Sendable { case system, light, dark }

struct Frame: Codable, Sendable, Equatable {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    static let zero = Frame()
    init() {}
    init(_ old: OldFrame) { (width, height) = (old.size.width, old.size.height) }
}
extension Frame: PreferenceStorable {}

struct OldFrame: Codable, PreferenceStorable {
    struct Size: Codable { var width = 0.0, height = 0.0 }
    var size = Size()
}

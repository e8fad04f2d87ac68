// Complete form of samples in: Sources/Prefs/Prefs.docc/ObservingChanges.md
import Prefs

Task {
    for await theme in prefs.values(\.theme) {
        apply(theme)
    }
}

let token = prefs.observe(\.window) { change in
    print("window: \(change.oldValue) → \(change.newValue)")
}
// later
token.cancel()

withObservationTracking {
    render(prefs[\.theme])
} onChange: {
    scheduleRender()
}

// What the samples above use and do not show.
let prefs = Preferences(store: InMemoryPreferenceStore())
enum Theme: String, Sendable { case system, light, dark }
struct Frame: Codable, Sendable, Equatable, PreferenceStorable {
    var width = 0.0, height = 0.0
    static let zero = Frame()
}
extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system) }
    var window: Key<Frame> { Key("window", default: .zero) }
}
func apply(_ theme: Theme) {}
func render(_ theme: Theme) {}
func scheduleRender() {}

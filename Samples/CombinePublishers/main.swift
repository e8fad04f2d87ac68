// Complete form of samples in: Sources/PrefsCombine/PrefsCombine.docc/PrefsCombine.md, Sources/PrefsCombine/Preferences+Publishers.swift
import Prefs
import PrefsCombine

prefs.valuesPublisher(for: \.theme)        // the current value, then each new one
    .sink { theme in apply(theme) }
    .store(in: &cancellables)

prefs.changesPublisher(for: \.window)      // Void, once per change
    .sink { relayout() }
    .store(in: &cancellables)

prefs.changesPublisher(for: \.theme)
    .sink { reloadColors() }
    .store(in: &cancellables)

prefs.valuesPublisher(for: \.theme)
    .sink { theme in apply(theme) }
    .store(in: &cancellables)

// What the samples above use and do not show: on Linux, Combine is OpenCombine.
import OpenCombine

let prefs = Preferences(store: InMemoryPreferenceStore())
var cancellables = Set<AnyCancellable>()
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
func relayout() {}
func reloadColors() {}

// Complete form of samples in: Sources/Prefs/Wrappers/Persistence+Initializers.swift, Sources/Prefs/Wrappers/Persistence.swift, Sources/Prefs/Wrappers/Preference.swift, Sources/Prefs/Wrappers/PreferenceBinding.swift
import Foundation
import Prefs

func persistenceInitializers() {
    do {
        @Persistence("key") var value = false
    }
    do {
        @Persistence("key") var value = 0
    }
    do {
        @Persistence("key") var value = 0.5
    }
    do {
        @Persistence("key") var value = "fatbobman"
    }
    do {
        @Persistence("key") var value = URL(string: "https://example.com")!
    }
    do {
        @Persistence("key") var value = Date.now
    }
    do {
        @Persistence("key") var value = Data()
    }
    do {
        enum Level: Int, Sendable { case low, high }
        @Persistence("level") var level = Level.low
    }
    do {
        enum Theme: String, Sendable { case system, light, dark }
        @Persistence("theme") var theme = Theme.system
    }
}

func persistence() {
    @Persistence("username") var name = "fatbobman"
    @Persistence("nickname", store: UserDefaults(suiteName: "x")) var nickname: String?
    @Persistence("theme") var theme = Theme.system            // RawRepresentable, Int or String raw values

    name = "Ada"                                               // nonmutating: structs, classes, statics
}

@MainActor func preference() {
    @Preference(\.showHelloWorld) var showHelloWorld          // on Preferences.standard
    @Preference(\.showHelloWorld, in: prefs) var greetsTheWorld   // on another container

    showHelloWorld.toggle()

    @MainActor enum Settings {
        @Preference(\.showHelloWorld) static var showHelloWorld
    }
}

func binding() {
    @Preference(\.window, in: prefs) var window
    let width: PreferenceBinding<Double> = $window.width   // a binding to one member
    width.wrappedValue = 800                               // writes the whole key
}

let prefs = Preferences(store: InMemoryPreferenceStore())
enum Theme: String, Sendable { case system, light, dark }
struct Frame: Codable, Sendable, Equatable, PreferenceStorable {
    var width = 0.0, height = 0.0
    static let zero = Frame()
}
extension PreferenceKeys {
    var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
    var window: Key<Frame> { Key("window", default: .zero) }
}

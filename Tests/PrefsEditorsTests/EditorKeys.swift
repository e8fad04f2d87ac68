import Foundation
import Prefs

enum Planet: String, Sendable, CaseIterable { case mercury, venus, earth }

struct Orbit: Codable, Sendable, Equatable, PreferenceStorable {
    var radius = 1.0, period = 365.25
}

extension PreferenceKeys {
    var editorsFlag: Key<Bool> { Key("flag", default: false, description: "A switch") }
    var editorsPlanet: Key<Planet> { Key("planet", default: .earth) }
    var editorsSmall: Key<Int8> { Key("small", default: 0) }
    var editorsCount: Key<Int> { Key("count", default: 0) }
    var editorsHuge: Key<UInt64> { Key("huge", default: 0) }
    var editorsRatio: Key<Double> { Key("ratio", default: 0.5) }
    var editorsName: Key<String> { Key("name", default: "") }
    var editorsWhen: Key<Date?> { Key("when") }
    var editorsOrbit: Key<Orbit> { Key("orbit", default: Orbit()) }
    var editorsBytes: Key<Data> { Key("bytes", default: Data([1, 2])) }
    var editorsToken: Key<String> { Key("token", default: "", isSecret: true) }
}

/// Every key of the editor tests, by name.
enum EditorKeys {
    static let all = [
        AnyPreferenceKey(\.editorsFlag), AnyPreferenceKey(\.editorsPlanet), AnyPreferenceKey(\.editorsSmall),
        AnyPreferenceKey(\.editorsCount), AnyPreferenceKey(\.editorsHuge), AnyPreferenceKey(\.editorsRatio),
        AnyPreferenceKey(\.editorsName), AnyPreferenceKey(\.editorsWhen), AnyPreferenceKey(\.editorsOrbit),
        AnyPreferenceKey(\.editorsBytes), AnyPreferenceKey(\.editorsToken),
    ]

    static func key(_ name: String) -> AnyPreferenceKey { all.first { $0.name == name }! }
}

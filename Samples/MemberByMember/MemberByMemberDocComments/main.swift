// Complete form of samples in: Sources/Prefs/Keys/PreferenceKey+MemberByMember.swift, Sources/Prefs/Keys/PreferenceDefaultedMember.swift, Sources/Prefs/Keys/Preferences+DefaultedMembers.swift, Sources/Prefs/Keys/AnyPreferenceKey.swift
import Prefs

struct Inspector: Codable, Sendable { var width = 200.0 }

struct Layout: Codable, Sendable, PreferenceStorable {
    var sidebarWidth = 240.0
    var inspector = Inspector()      // gained in version 2
    var zoom = 1.0                   // a String in version 1
}

extension PreferenceKeys {
    var layout: Key<Layout> { Key("layout", default: Layout()).decodingMemberByMember() }
}

let prefs = Preferences(store: InMemoryPreferenceStore(["layout": ["sidebarWidth": 300.0, "zoom": "large"]]))

for member in prefs.defaultedMembers(of: \.layout) {
    print(member)          // "zoom (not valid)", "inspector (missing)"
}

let layout = prefs[\.layout]
if !prefs.defaultedMembers(of: \.layout).isEmpty { offerToResetTheLayout() }

func report(_ key: AnyPreferenceKey, _ stored: PreferenceValue) {
    switch key.defaultedMembers(reading: stored) {
    case nil: print("\(key.name) reads its default: the stored value is not valid")
    case let members?: for member in members { print("\(key.name).\(member)") }
    }
}

report(AnyPreferenceKey(\.layout), ["zoom": "large"])

// What the samples above use and do not show.
func offerToResetTheLayout() {}

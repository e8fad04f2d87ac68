// Complete form of samples in: Sources/Prefs/Prefs.docc/EvolvingYourSettings.md
import Prefs

struct Inspector: Codable, Sendable { var width = 200.0 }

struct Layout: Codable, Sendable, PreferenceStorable {
    var sidebarWidth = 240.0
    var inspector = Inspector()      // added in version 2
    var zoom = 1.0                   // a String in version 1
}

extension PreferenceKeys {
    var layout: Key<Layout> { Key("layout", default: Layout()).decodingMemberByMember() }
}

let prefs = Preferences(store: InMemoryPreferenceStore(["layout": ["sidebarWidth": 300.0, "zoom": "large"]]))

for member in prefs.defaultedMembers(of: \.layout) {
    print(member)       // "inspector (missing)", "zoom (not valid)"
}

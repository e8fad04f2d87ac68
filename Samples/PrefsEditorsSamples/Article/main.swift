// Complete form of samples in: Sources/PrefsEditors/PrefsEditors.docc/PrefsEditors.md
import Prefs
import PrefsEditors

let editor = PreferenceEditor(key: AnyPreferenceKey(\.launchCount))
let control = editor.control(showing: .integer(42))          // .integer
let text = editor.text(of: .integer(42), in: control)         // "42"
let value = try editor.value(editing: "43", in: control)      // .integer(43), checked as an Int

// What the sample above uses and does not show.
extension PreferenceKeys {
    var launchCount: Key<Int> { Key("launch_count", default: 0) }
}

import Foundation
import Prefs
import PrefsEditors
import PrefsTestSupport
import PrefsTesting
import Testing

/// Every generated value, shown in the control that shows it exactly and read back from that control's text, is the
/// same value: through the editor of a key of its kind (as a schema describes it) and through an untyped one.
@Suite struct GeneratedEditorRoundTripTests {
    @Test func everyGeneratedValueComesBackFromItsControl() throws {
        let seed = PreferenceValueGenerator.environmentSeed
        var generator = PreferenceValueGenerator(seed: seed)
        let cases = PreferenceValueGenerator.caseCount(2_000)
        var failures: [GeneratedFailure] = []
        var controls: [PreferenceControl: Int] = [:]
        for index in 0..<cases {
            let value = index % 2 == 0 ? generator.scalar() : generator.value()
            let key = generator.key()
            for editor in [PreferenceEditor(name: key, schema: propertySchema(ofKind: value)), .untyped(name: key)] {
                let control = editor.control(showing: value)
                controls[control, default: 0] += 1
                let text = editor.text(of: value, in: control)
                let read = try? editor.value(editing: text, in: control)
                if !PreferenceValueGenerator.isSameStoredValue(value, read) {
                    failures.append(
                        GeneratedFailure(
                            seed: seed, caseIndex: index, check: "editor \(control) of \(editor.typeName)", key: key,
                            written: value, read: read))
                }
                if control == .text || control == .integer || control == .number || control == .dateTime {
                    let hasLineBreak = text.contains { $0.isNewline }
                    #expect(!hasLineBreak, "a one-line control's text has no line break")
                }
            }
        }
        recordGenerated(failures)
        for control in [PreferenceControl.toggle, .integer, .number, .text, .dateTime, .exactText, .json] {
            #expect(controls[control, default: 0] > 0, "no generated value was shown in \(control)")
        }
        print("generated editor round trips: \(cases) values, seed \(PreferenceValueGenerator.seedText(seed))")
    }
}

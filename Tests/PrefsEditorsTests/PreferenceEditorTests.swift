import Foundation
import Prefs
import PrefsEditors
import Testing

/// The editor model decides each key's control, bounds and allowed values, and refuses invalid values with a reason.
@Suite struct PreferenceEditorTests {
    private func editor(_ name: String) -> PreferenceEditor { PreferenceEditor(key: EditorKeys.key(name)) }

    @Test func eachDeclaredTypeGetsItsControl() {
        let controls = Dictionary(
            uniqueKeysWithValues: EditorKeys.all.map { ($0.name, PreferenceEditor(key: $0).control) })
        #expect(
            controls == [
                "flag": .toggle, "planet": .choice, "small": .integer, "count": .integer, "huge": .integer,
                "ratio": .number, "name": .text, "when": .dateTime, "orbit": .json, "bytes": .json, "token": .secret,
            ])
        #expect(editor("planet").allowedValues == ["mercury", "venus", "earth"])
        #expect(editor("small").minimum == .integer(-128) && editor("small").maximum == .integer(127))
        #expect(editor("huge").maximum == .unsignedInteger(.max))
        #expect(editor("flag").description == "A switch" && editor("flag").typeName == "Bool")
        #expect(editor("token").isSecret && editor("token").defaultValue == nil)
    }

    @Test func aValueItsControlCannotShowIsEditedAsText() throws {
        let count = editor("count"), ratio = editor("ratio"), when = editor("when"), name = editor("name")
        #expect(count.control(showing: .integer(1 << 53)) == .integer)
        #expect(count.control(showing: .integer(1 << 53 + 1)) == .exactText)
        #expect(editor("huge").control(showing: .unsignedInteger(.max)) == .exactText)
        #expect(ratio.control(showing: .double(.nan)) == .exactText)
        #expect(ratio.control(showing: .double(-0.0)) == .exactText)
        #expect(ratio.control(showing: .double(0.1)) == .number)
        #expect(when.control(showing: .date(Date(timeIntervalSinceReferenceDate: 1))) == .dateTime)
        #expect(when.control(showing: .date(Date(timeIntervalSinceReferenceDate: 1.25))) == .exactText)
        #expect(name.control(showing: "two\nlines") == .json)
        #expect(name.control(showing: "one line") == .text)
        #expect(editor("planet").control(showing: "pluto") == .json)
        for (editor, value) in [
            (count, PreferenceValue.integer(.max)), (ratio, .double(.nan)), (ratio, .double(-0.0)),
            (ratio, .double(-.infinity)), (when, .date(Date(timeIntervalSinceReferenceDate: 0.1))),
            (editor("huge"), .unsignedInteger(.max)),
        ] {
            let control = editor.control(showing: value)
            let read = try editor.value(editing: editor.text(of: value, in: control), in: control)
            #expect(read == value, "\(value) through \(control)")
        }
    }

    @Test func controlsReadWhatAFormSends() throws {
        #expect(try editor("flag").value(editing: "true", in: .toggle) == true)
        #expect(try editor("small").value(editing: " -12 ", in: .integer) == -12)
        #expect(try editor("ratio").value(editing: "2e-3", in: .number) == .double(0.002))
        #expect(try editor("planet").value(editing: #""venus""#, in: .choice) == "venus")
        #expect(
            try editor("when").value(editing: "2026-11-22T15:47", in: .dateTime)
                == .date(PreferenceJSONDates.date("2026-11-22T15:47:00Z")))
        #expect(
            try editor("orbit").value(editing: #"{"radius": 2.0, "period": 1.5}"#, in: .json)
                == ["radius": 2.0, "period": 1.5])
        #expect(try editor("token").value(editing: "s3cret", in: .secret) == "s3cret")
    }

    @Test func invalidValuesAreRefusedWithTheReason() {
        func message(_ name: String, _ text: String, _ control: PreferenceControl) -> String? {
            do {
                _ = try editor(name).value(editing: text, in: control)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message("small", "300", .integer) == "300 is above the largest Int8, 127")
        #expect(message("small", "-129", .integer) == "-129 is below the smallest Int8, -128")
        #expect(message("huge", "-1", .integer) == "-1 is below the smallest UInt64, 0")
        #expect(message("planet", #""pluto""#, .choice) == "pluto is not one of mercury, venus, earth")
        #expect(message("count", "twelve", .integer) == "'twelve' is not a whole number")
        #expect(message("ratio", "nan", .number) == "'nan' is not a number such as 1.5 or 2e-3")
        #expect(message("orbit", #"{"radius": "far", "period": 1.0}"#, .json)?.contains("radius") == true)
        #expect(message("orbit", #"{"radius": "#, .json)?.hasPrefix("not JSON") == true)
        #expect(message("flag", #""yes please""#, .json)?.hasPrefix("not a valid Bool") == true)
        #expect(message("token", "[1", .json) == "the new secret is not valid")
    }

    @Test func aSchemaGivesTheSameEditorsAsTheDeclaredKeys() throws {
        let schema = Preferences(store: InMemoryPreferenceStore()).jsonSchema(of: EditorKeys.all)
        let editors = try PreferenceEditor.editors(fromSchema: String(decoding: schema, as: UTF8.self))
        #expect(editors.map(\.name) == EditorKeys.all.map(\.name).sorted())
        for fromSchema in editors {
            let declared = editor(fromSchema.name)
            #expect(fromSchema.control == declared.control, "\(fromSchema.name)")
            #expect(fromSchema.allowedValues == declared.allowedValues, "\(fromSchema.name)")
            #expect(fromSchema.minimum == declared.minimum && fromSchema.maximum == declared.maximum)
            #expect(fromSchema.isSecret == declared.isSecret && fromSchema.description == declared.description)
        }
        let small = editors.first { $0.name == "small" }!
        #expect(throws: PreferenceEditError.self) { try small.value(editing: "128", in: .integer) }
        let orbit = editors.first { $0.name == "orbit" }!
        #expect(throws: PreferenceEditError.self) { try orbit.value(editing: #"{"radius": "far"}"#, in: .json) }
        #expect(
            try orbit.value(editing: #"{"radius": 3.0, "period": 2.0}"#, in: .json) == ["radius": 3.0, "period": 2.0])
        let when = editors.first { $0.name == "when" }!
        #expect(throws: PreferenceEditError.self) { try when.value(editing: "12", in: .json) }
    }

    @Test func aSchemaThatIsNotOneIsRefused() {
        #expect(throws: PreferenceEditError.self) { try PreferenceEditor.editors(fromSchema: "{") }
        #expect(throws: PreferenceEditError.self) { try PreferenceEditor.editors(fromSchema: #"{"type": "object"}"#) }
    }
}

/// Dates from their text, for expectations.
enum PreferenceJSONDates {
    static func date(_ text: String) -> Date {
        guard case .date(let date) = try! PreferenceJSON.value(parsing: #"{"$date": "\#(text)"}"#) else { fatalError() }
        return date
    }
}

internal import Prefs
internal import PrefsEditors

/// The HTML of one control, named `text` in its form, holding the editor's text for the value.
struct ControlHTML {
    let editor: PreferenceEditor
    let value: PreferenceValue?
    let control: PreferenceControl

    var html: String {
        let text = value.map { editor.text(of: $0, in: control) } ?? ""
        let label = "aria-label=\"New value of \(HTML.escape(editor.name))\""
        switch control {
        case .toggle:
            let checked = value == .bool(true) ? " checked" : ""
            return """
                <input type="hidden" name="text" value="false"><label class="switch">\
                <input type="checkbox" name="text" value="true"\(checked) \(label)><span class="slider"></span></label>
                """
        case .choice:
            let options = (editor.allowedValues ?? []).map { allowed in
                let json = PreferenceJSON.text(of: allowed, pretty: false)
                let selected = allowed == value ? " selected" : ""
                return
                    "<option value=\"\(HTML.escape(json))\"\(selected)>\(HTML.escape(editor.label(of: allowed)))</option>"
            }
            return "<select name=\"text\" \(label)>\(options.joined())</select>"
        case .integer:
            return "<input type=\"number\" name=\"text\" step=\"1\"\(bounds) value=\"\(HTML.escape(text))\" \(label)>"
        case .number:
            return "<input type=\"number\" name=\"text\" step=\"any\" value=\"\(HTML.escape(text))\" \(label)>"
        case .text:
            return "<input type=\"text\" name=\"text\" value=\"\(HTML.escape(text))\" spellcheck=\"false\" \(label)>"
        case .dateTime:
            return """
                <input type="datetime-local" name="text" step="1" value="\(HTML.escape(text))" \(label)> \
                <span class="hint">UTC</span>
                """
        case .exactText:
            return """
                <input type="text" name="text" class="exact" value="\(HTML.escape(text))" spellcheck="false" \(label)>
                <span class="hint">exact: \(HTML.escape(exactHint))</span>
                """
        case .json:
            let rows = min(12, max(1, text.split(separator: "\n", omittingEmptySubsequences: false).count))
            return """
                <textarea name="text" class="json" rows="\(rows)" spellcheck="false" \(label)>
                \(HTML.escape(text))</textarea>\(schemaHint)
                """
        case .secret:
            return """
                <input type="password" name="text" autocomplete="new-password" \
                placeholder="\(value == nil ? "unset" : "set"): type a new value" \(label)>
                """
        }
    }

    /// `min` and `max` for a number field, when a JavaScript number holds them exactly.
    private var bounds: String {
        func attribute(_ name: String, _ bound: PreferenceValue?) -> String {
            guard case .integer(let integer)? = bound, integer.magnitude <= UInt64(PreferenceEditor.largestExactInteger)
            else { return "" }
            return " \(name)=\"\(integer)\""
        }
        return attribute("min", editor.minimum) + attribute("max", editor.maximum)
    }

    private var exactHint: String {
        switch value {
        case .integer?, .unsignedInteger?: "a whole number, too large for a number field"
        case .double?: "a number; nan, inf, -inf and -0.0 too"
        case .date?: "an ISO 8601 date to its last digit"
        default: "text"
        }
    }

    private var schemaHint: String {
        guard editor.schema != [:] else { return "" }
        return """

            <details class="schema"><summary>Schema</summary><pre>\
            \(HTML.escape(PreferenceJSON.text(of: editor.schema, pretty: true)))</pre></details>
            """
    }
}

internal import Prefs
internal import PrefsEditors

/// One key's row: its name, type, description and source; its current value; and a form with the control its
/// editor chose for the value, which works without JavaScript (a plain POST to `/edit`) and which the script sends
/// through the API instead.
struct KeyRow {
    let state: ConsoleKeyState
    let index: Int
    let csrf: String
    let keepsHistory: Bool
    /// The reason the last edit of this key was refused, shown under its control.
    let error: String?

    var editor: PreferenceEditor { state.editor }

    var html: String {
        let control = editor.control(showing: state.value)
        let search = [editor.name, editor.description ?? "", state.source, editor.typeName].joined(separator: " ")
        return """
            <tr class="key" id="key-\(index)" data-key="\(HTML.escape(HTML.keyField(editor.name)))" \
            data-search="\(HTML.escape(search.lowercased()))">
            <td class="about"><code class="name">\(HTML.escape(editor.name))</code> \
            <span class="type">\(HTML.escape(editor.typeName))</span>\(secretBadge)
            \(editor.description.map { "<p class=\"description\">\(HTML.escape($0))</p>" } ?? "")
            <p class="source">\(HTML.escape(sourceText))</p></td>
            <td class="value"><code class="current">\(HTML.escape(currentText))</code></td>
            <td class="edit"><form method="post" action="/edit" class="editor" data-control="\(control.rawValue)">
            <input type="hidden" name="csrf" value="\(HTML.escape(csrf))">
            <input type="hidden" name="key" value="\(HTML.escape(HTML.keyField(editor.name)))">
            <input type="hidden" name="control" value="\(control.rawValue)">
            \(ControlHTML(editor: editor, value: state.value, control: control).html)
            <div class="actions"><input type="text" name="reason" class="reason" placeholder="Reason (optional)" \
            aria-label="Reason for the change">
            <button type="submit" name="action" value="save" class="save">Save</button>
            <button type="submit" name="action" value="reset" class="reset"\(state.isStored ? "" : " disabled")>\
            Reset</button>\(historyLink)</div>
            <p class="error" role="alert">\(HTML.escape(error ?? ""))</p>
            </form></td>
            </tr>
            """
    }

    private var sourceText: String {
        state.value == nil && !state.isStored ? "no value" : "from \(state.source)"
    }

    private var currentText: String {
        if editor.isSecret { return state.value == nil ? "unset" : "set" }
        return state.value.map { PreferenceJSON.text(of: $0, pretty: false) } ?? "none"
    }

    private var secretBadge: String { editor.isSecret ? " <span class=\"secret\">secret</span>" : "" }

    private var historyLink: String {
        guard keepsHistory else { return "" }
        let query = editor.name.addingQueryEscapes
        return " <a class=\"history\" href=\"/history?key=\(HTML.escape(query))\">History</a>"
    }
}

extension String {
    /// The text with every byte but unreserved ASCII letters, digits and `-._~` percent-escaped, for a query.
    var addingQueryEscapes: String {
        var output = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return output
    }
}

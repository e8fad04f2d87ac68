import Foundation

/// Reads a row of the page as a browser would submit its form: the hidden fields and the `text` control's value.
enum PageControls {
    /// The fields the row's edit form submits when its Save button is pressed, without changing anything.
    static func fields(ofRow html: String) -> [(String, String)] {
        var fields: [(String, String)] = []
        for input in matches(#"<input [^>]*>"#, in: html) {
            guard let name = attribute("name", of: input), name != "reason" else { continue }
            let type = attribute("type", of: input) ?? "text"
            if type == "checkbox", !input.contains(" checked") { continue }
            fields.append((name, unescape(attribute("value", of: input) ?? "")))
        }
        if let select = matches(#"<select name="text"[\s\S]*?</select>"#, in: html).first,
            let option = matches(#"<option [^>]*selected>"#, in: select).first
        {
            fields.append(("text", unescape(attribute("value", of: option) ?? "")))
        }
        if let textarea = matches(#"<textarea name="text"[^>]*>[\s\S]*?</textarea>"#, in: html).first {
            var content = String(textarea[textarea.range(of: ">")!.upperBound...].dropLast("</textarea>".count))
            if content.hasPrefix("\n") { content.removeFirst() }  // the parser drops the newline after the tag
            fields.append(("text", unescape(content)))
        }
        fields.append(("action", "save"))
        return fields
    }

    static func attribute(_ name: String, of tag: String) -> String? {
        guard let match = matches(" \(name)=\"([^\"]*)\"", in: tag, group: 1).first else { return nil }
        return match
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func matches(_ pattern: String, in text: String, group: Int = 0) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: group), in: text).map { String(text[$0]) }
        }
    }
}

import Foundation
import HTTPTypes
import HummingbirdTesting

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
            let tag = textarea as NSString
            let start = tag.range(of: ">").upperBound
            var content = tag.substring(
                with: NSRange(location: start, length: tag.length - start - "</textarea>".count))
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

    /// The text with the page's five character references replaced, scalar by scalar (a combining mark after `;`
    /// would join a `Character`-based search's `;`).
    static func unescape(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = Substring(text).unicodeScalars[...]
        let references: [(String, Unicode.Scalar)] = [
            ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&"),
        ]
        while let first = scalars.first {
            if first == "&",
                let (reference, scalar) = references.first(where: { scalars.starts(with: $0.0.unicodeScalars) })
            {
                output.append(scalar)
                scalars = scalars.dropFirst(reference.unicodeScalars.count)
            } else {
                output.append(first)
                scalars = scalars.dropFirst()
            }
        }
        return String(output)
    }

    /// The matches, cut by UTF-16 offsets (not by characters: a combining mark right after a quote would join it).
    static func matches(_ pattern: String, in text: String, group: Int = 0) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        let string = text as NSString
        return expression.matches(in: text, range: NSRange(location: 0, length: string.length)).map {
            string.substring(with: $0.range(at: group))
        }
    }
}

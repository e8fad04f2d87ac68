internal import Prefs

/// Escaping for the page: text and attribute values with `&`, `<`, `>`, `"` and `'` as character references. The
/// editor model keeps the characters an HTML parser would change (NUL, carriage returns, line breaks in a one-line
/// field) out of the texts that go into controls: such values are edited as JSON, whose escapes are plain ASCII.
enum HTML {
    static func escape(_ text: some StringProtocol) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }

    /// A key's name as the page carries it in forms and `data-key`: a JSON string, so that any name survives the
    /// HTML parser and a form's line-break normalisation.
    static func keyField(_ name: String) -> String { PreferenceJSON.text(of: .string(name), pretty: false) }

    /// Reads ``keyField(_:)`` back.
    static func name(fromKeyField text: String) throws -> String {
        guard case .string(let name)? = try? PreferenceJSON.value(parsing: text) else {
            throw ConsoleError(.badRequest, "the form's key field is not a JSON string")
        }
        return name
    }

    /// The page's frame around `body`.
    static func document(title: String, csrf: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="prefs-csrf" content="\(escape(csrf))">
        <title>\(escape(title)) — Prefs console</title>
        <link rel="stylesheet" href="/assets/console.css">
        <script src="/assets/console.js" defer></script>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }
}

/// The page a browser sees for a refused request.
enum ErrorPage {
    static func html(_ error: ConsoleError) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Prefs console</title></head>
        <body><h1>Prefs console</h1><p id="error">\(HTML.escape(error.message))</p></body></html>

        """
    }
}

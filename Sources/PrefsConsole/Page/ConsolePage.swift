internal import PrefsEditors

/// The console's page: every key with its value, source, description and editor, a filter, and the live status.
struct ConsolePage {
    let title: String
    let states: [ConsoleKeyState]
    let csrf: String
    let keepsHistory: Bool
    let connection: String?
    /// The filter typed into the search field (name, description, source or type), as the page was asked for.
    let query: String
    /// The reason an edit was refused, by key name.
    let errors: [String: String]

    var html: String {
        let words = query.lowercased().split(separator: " ")
        let rows = states.enumerated().compactMap { index, state -> String? in
            let row = KeyRow(
                state: state, index: index, csrf: csrf, keepsHistory: keepsHistory, error: errors[state.editor.name])
            let haystack = [state.editor.name, state.editor.description ?? "", state.source, state.editor.typeName]
                .joined(separator: " ").lowercased()
            return words.allSatisfy { haystack.contains($0) } ? row.html : nil
        }
        let history = keepsHistory ? " · <a href=\"/history\">History</a>" : ""
        let body = """
            <header><h1>Prefs console</h1><p class="title">\(HTML.escape(title))\(history)</p>
            <p id="status" class="status" data-connection="\(HTML.escape(connection ?? ""))">\
            \(HTML.escape(connection.map { "Store: \($0)" } ?? "Reload to see changes"))</p></header>
            <form method="get" action="/" class="search" role="search">
            <input type="search" name="q" id="search" value="\(HTML.escape(query))" \
            placeholder="Filter by name, description, source or type" aria-label="Filter keys">
            <button type="submit">Filter</button></form>
            <p id="notice" class="notice" role="status"></p>
            <table id="keys"><thead><tr><th>Key</th><th>Value</th><th>Edit</th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody></table>
            <p class="footer">\(states.count) keys. Values are shown in Prefs' JSON notation.</p>
            """
        return HTML.document(title: title, csrf: csrf, body: body)
    }
}

internal import Prefs

/// The history: each recorded change with its old and new value as a diff, who, when and why, and a rollback form.
struct HistoryPage {
    let title: String
    let key: String?
    let entries: [ConsoleHistoryEntry]
    let secrets: Set<String>
    let csrf: String
    let error: String?

    var html: String {
        let rows = entries.map(row).joined(separator: "\n")
        let heading = key.map { "History of <code>\(HTML.escape($0))</code>" } ?? "History"
        let body = """
            <header><h1>Prefs console</h1><p class="title">\(HTML.escape(title)) · <a href="/">All keys</a></p>
            </header>
            <h2>\(heading)</h2>
            <p class="error" role="alert">\(HTML.escape(error ?? ""))</p>
            <table id="history"><thead><tr><th>When</th><th>Key</th><th>Change</th><th>Who and why</th>\
            <th>Roll back</th></tr></thead>
            <tbody>
            \(rows.isEmpty ? "<tr><td colspan=\"5\">No recorded changes.</td></tr>" : rows)
            </tbody></table>
            """
        return HTML.document(title: title, csrf: csrf, body: body)
    }

    private func row(_ entry: ConsoleHistoryEntry) -> String {
        let isSecret = secrets.contains(entry.key)
        let rollback =
            entry.newValue == nil && entry.oldValue == nil
            ? ""
            : """
            <form method="post" action="/rollback" class="rollback">
            <input type="hidden" name="csrf" value="\(HTML.escape(csrf))">
            <input type="hidden" name="key" value="\(HTML.escape(HTML.keyField(entry.key)))">
            <input type="hidden" name="version" value="\(entry.version)">
            <input type="text" name="reason" class="reason" placeholder="Reason" aria-label="Reason for the rollback">
            <button type="submit">Roll back to version \(entry.version)</button></form>
            """
        return """
            <tr class="change" data-version="\(entry.version)"><td>\(HTML.escape(PreferenceDateFormat.string(from: entry.time)))\
            </td><td><code>\(HTML.escape(entry.key))</code> v\(entry.version)</td>
            <td>\(isSecret ? "<p>secret changed</p>" : ValueDiff(old: entry.oldValue, new: entry.newValue).html)</td>
            <td>\(HTML.escape(entry.author))\(entry.reason.map { "<p class=\"reason\">\(HTML.escape($0))</p>" } ?? "")\
            </td><td>\(rollback)</td></tr>
            """
    }
}

/// Two values as a line diff of their pretty-printed JSON: removed lines marked `-`, added lines `+`.
struct ValueDiff {
    let old: PreferenceValue?
    let new: PreferenceValue?

    var html: String {
        let before = old.map { PreferenceJSON.text(of: $0, pretty: true).split(separator: "\n").map(String.init) } ?? []
        let after = new.map { PreferenceJSON.text(of: $0, pretty: true).split(separator: "\n").map(String.init) } ?? []
        let lines = Self.diff(before, after).map { mark, line in
            let kind = mark == "-" ? "removed" : mark == "+" ? "added" : "same"
            return "<span class=\"\(kind)\">\(mark) \(HTML.escape(line))</span>"
        }
        let empty = old == nil ? "<span class=\"added\">(new key)</span>\n" : ""
        let removed = new == nil ? "\n<span class=\"removed\">(removed)</span>" : ""
        return "<pre class=\"diff\">\(empty)\(lines.joined(separator: "\n"))\(removed)</pre>"
    }

    /// A longest-common-subsequence diff of two lists of lines.
    static func diff(_ before: [String], _ after: [String]) -> [(Character, String)] {
        var lengths = Array(repeating: Array(repeating: 0, count: after.count + 1), count: before.count + 1)
        for i in stride(from: before.count - 1, through: 0, by: -1) {
            for j in stride(from: after.count - 1, through: 0, by: -1) {
                lengths[i][j] =
                    before[i] == after[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var (i, j) = (0, 0)
        var lines: [(Character, String)] = []
        while i < before.count || j < after.count {
            if i < before.count, j < after.count, before[i] == after[j] {
                lines.append((" ", before[i]))
                (i, j) = (i + 1, j + 1)
            } else if i < before.count, j == after.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                lines.append(("-", before[i]))
                i += 1
            } else {
                lines.append(("+", after[j]))
                j += 1
            }
        }
        return lines
    }
}

internal import Prefs

extension PreferenceEditor {
    /// The editors of every key a JSON Schema of the preferences file describes (what `myapp prefs schema` writes),
    /// sorted by name. Left out: the file's own `$schema` member, and what the schema marks `readOnly` (the store's
    /// record of migrations) or `deprecated` (a key's former name), which no one edits.
    ///
    /// ```swift
    /// let editors = try PreferenceEditor.editors(fromSchema: String(contentsOfFile: "app.schema.json", encoding: .utf8))
    /// ```
    ///
    /// - Parameter text: The schema document.
    /// - Returns: One editor per property.
    /// - Throws: ``PreferenceEditError`` (with an empty key) when the text is not a JSON Schema object with
    ///   `properties`.
    public static func editors(fromSchema text: String) throws(PreferenceEditError) -> [PreferenceEditor] {
        let document: PreferenceValue
        do {
            document = try PreferenceJSON.value(parsing: text)
        } catch {
            throw PreferenceEditError(key: "", message: "the schema is not JSON: \(error)")
        }
        guard case .dictionary(let properties)? = document.members["properties"] else {
            throw PreferenceEditError(key: "", message: "the schema has no \"properties\" object (see `prefs schema`)")
        }
        let editable = properties.filter { name, schema in
            name != PreferenceJSON.schemaMember && schema.members["readOnly"] != .bool(true)
                && schema.members["deprecated"] != .bool(true)
        }
        return editable.keys.sorted().map { name in PreferenceEditor(name: name, schema: editable[name]!) }
    }
}

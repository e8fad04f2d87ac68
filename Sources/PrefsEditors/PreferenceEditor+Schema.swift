internal import Prefs

extension PreferenceEditor {
    /// The editors of every key a JSON Schema of the preferences file describes (what `myapp prefs schema` writes),
    /// sorted by name; the file's own `$schema` member is left out.
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
        return properties.keys.sorted().filter { $0 != PreferenceJSON.schemaMember }.map { name in
            PreferenceEditor(name: name, schema: properties[name]!)
        }
    }
}

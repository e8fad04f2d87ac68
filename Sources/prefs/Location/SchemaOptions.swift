internal import ArgumentParser
internal import Foundation
internal import Prefs
internal import PrefsCommand

/// `--schema FILE`: the app's JSON Schema (`myapp prefs schema`), which tells the tool which keys are secret.
struct SchemaOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The app's JSON Schema (from its `prefs schema` command): keys it marks secret (writeOnly) are shown as "
                + "<secret>.",
            valueName: "file"
        ),
        completion: .file()
    )
    var schema: String?

    /// The stored names the schema marks secret (`"writeOnly": true`); empty without a schema.
    ///
    /// - Throws: ``PrefsFailure`` when the schema cannot be read or is not a JSON Schema object.
    func secretNames() throws -> Set<String> {
        guard let schema else { return [] }
        let text: String
        do {
            text = try String(contentsOfFile: schema, encoding: .utf8)
        } catch {
            throw PrefsFailure(.inaccessibleFile, "cannot read the schema \(schema): \(error.localizedDescription)")
        }
        guard case .dictionary(let document)? = try? PreferenceJSON.value(parsing: text),
            case .dictionary(let properties)? = document["properties"]
        else {
            throw PrefsFailure(.corruptFile, "\(schema) is not a JSON Schema with \"properties\" (see `prefs schema`)")
        }
        return Set(
            properties.compactMap { name, property in
                guard case .dictionary(let members) = property, members["writeOnly"] == .bool(true) else { return nil }
                return name
            })
    }
}

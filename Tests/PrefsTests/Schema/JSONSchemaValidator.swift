import Foundation
import PrefsTestSupport
import Testing

/// Python's `jsonschema` (draft 2020-12), run as a child process: an independent check of the schemas Prefs writes.
enum JSONSchemaValidator {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// Checks the schema against the draft's meta-schema, then each document against the schema.
    ///
    /// - Returns: Whether each document is valid.
    /// - Throws: ``Unavailable`` when Python or `jsonschema` is missing (`pip install jsonschema`), or the schema is
    ///   not a valid draft 2020-12 schema.
    static func validate(_ documents: [URL], against schema: URL) throws -> [Bool] {
        try run(script: perFile, schema: schema, arguments: documents.map(\.path), count: documents.count)
    }

    /// Checks the schema against the draft's meta-schema, then each instance (JSON text) against the schema, in one
    /// process.
    ///
    /// - Returns: Whether each instance is valid.
    /// - Throws: ``Unavailable``, as ``validate(_:against:)``.
    static func validate(instances: [String], against schema: URL) throws -> [Bool] {
        let file = schema.deletingLastPathComponent().appendingPathComponent("instances-\(UUID()).json")
        try Data(("[" + instances.joined(separator: ",\n") + "]").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try run(script: inOneFile, schema: schema, arguments: [file.path], count: instances.count)
    }

    private static let perFile = """
        for path in sys.argv[2:]:
            print("valid" if validator.is_valid(json.load(open(path))) else "invalid")
        """

    private static let inOneFile = """
        for instance in json.load(open(sys.argv[2])):
            print("valid" if validator.is_valid(instance) else "invalid")
        """

    private static func run(script body: String, schema: URL, arguments: [String], count: Int) throws -> [Bool] {
        let script = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                sys.exit("python3 has no jsonschema module: pip install jsonschema")
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)

            """ + body
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, schema.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let status = process.exitStatus()
        guard status == 0 else {
            throw Unavailable(description: "the JSON Schema validator failed: \(errorText)")
        }
        let verdicts = text.split(separator: "\n").map { $0 == "valid" }
        guard verdicts.count == count else { throw Unavailable(description: "unexpected output: \(text)") }
        return verdicts
    }
}

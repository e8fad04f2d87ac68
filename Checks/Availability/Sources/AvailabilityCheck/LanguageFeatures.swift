/// Language features whose runtime support is newer than the floor.
package enum LanguageFeatures {
    package static func check(files: [String], parser: SourceParser, floor: Availability) throws -> [Finding] { [] }
}

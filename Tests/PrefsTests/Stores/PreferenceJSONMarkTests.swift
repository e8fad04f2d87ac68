import Foundation
import PrefsTesting
import Testing

@testable import Prefs

/// Dictionaries that look like the file format's marks (`{"$date": …}`) read back as the dictionaries they are,
/// at every depth: found by the generated round trips (a `$dictionary` wrapper around a mark-like dictionary).
@Suite struct PreferenceJSONMarkTests {
    static let lookAlikes: [PreferenceValue] = [
        ["$date": "1970-01-01T00:00:00Z"],
        ["$double": ["$date": "1970-01-01T00:00:00Z"]],
        ["$dictionary": ["$data": "aGVsbG8="]],
        ["$dictionary": ["$dictionary": ["$double": "nan"]]],
        ["$x": ["$double": "-0"]],
        [["$date": ["$date": "2001-01-01T00:00:00Z"]]],
        // A `$dictionary` member beside others, holding a wrapped dictionary (seed 0x8cffe650d61e8822: the inner
        // `{"$dictionary": {}}` read back as `{}`).
        ["a": 1, "$dictionary": ["$dictionary": [:]]],
        [["b": true, "$dictionary": ["$dictionary": ["$date": "x"]]]],
        ["$dictionary": ["a": 1, "$dictionary": ["$x": [:]]]],
    ]

    @Test(arguments: lookAlikes) func aMarkLikeDictionaryReadsBackAsItself(_ value: PreferenceValue) throws {
        for pretty in [true, false] {
            let text = PreferenceJSON.text(of: value, pretty: pretty)
            let read = try PreferenceJSON.value(parsing: text)
            #expect(PreferenceValueGenerator.isSameStoredValue(value, read), "\(text) read as \(read)")
        }
        let file = try PreferenceJSON.decode(PreferenceJSON.encode(["key": value]))
        #expect(PreferenceValueGenerator.isSameStoredValue(value, file["key"]))
    }

    /// A file's own members are keys, whatever their names: a key named like a mark (found by the generated round
    /// trips, seed 0xd58754458943cf95: the key `$dictionary` holding `["$dictionary": [:]]` read back as `[:]`).
    @Test(arguments: ["$dictionary", "$date", "$data", "$double", "$x"])
    func aKeyNamedLikeAMarkReadsBackWithItsValue(_ name: String) throws {
        let values: [PreferenceValue] = [["$dictionary": [:]], "2001-01-01T00:00:00Z", "nan", 1, ["a": 1]]
        for value in values {
            for members in [[name: value], [name: value, "other": 2]] {
                let file = try PreferenceJSON.decode(PreferenceJSON.encode(members))
                #expect(file.count == members.count, "\(members) read as \(file)")
                #expect(PreferenceValueGenerator.isSameStoredValue(value, file[name]), "\(members) read as \(file)")
            }
        }
    }
}

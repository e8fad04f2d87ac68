import Foundation
import Prefs

// Commands that read whatever a file holds in a fresh container, for the tests that no read loops forever and
// that values survive a new process.

/// A Codable record, to read stored trees as a structure.
struct ReadRecord: Codable, Sendable, PreferenceStorable {
    var name = ""
    var values: [Double] = []
}

enum ReadTheme: String, Sendable { case light, dark }

extension PreferenceKeys {
    subscript(value name: String) -> Key<PreferenceValue?> { Key(name) }
    subscript(bool name: String) -> Key<Bool> { Key(name, default: false) }
    subscript(double name: String) -> Key<Double> { Key(name, default: 0) }
    subscript(float name: String) -> Key<Float> { Key(name, default: 0) }
    subscript(uint8 name: String) -> Key<UInt8> { Key(name, default: 0) }
    subscript(uint64 name: String) -> Key<UInt64> { Key(name, default: 0) }
    subscript(string name: String) -> Key<String> { Key(name, default: "") }
    subscript(data name: String) -> Key<Data> { Key(name, default: Data()) }
    subscript(date name: String) -> Key<Date> { Key(name, default: Date(timeIntervalSince1970: 0)) }
    subscript(url name: String) -> Key<URL?> { Key(name) }
    subscript(doubles name: String) -> Key<[Double]> { Key(name, default: []) }
    subscript(dictionary name: String) -> Key<[String: String]> { Key(name, default: [:]) }
    subscript(record name: String) -> Key<ReadRecord?> { Key(name) }
    subscript(theme name: String) -> Key<ReadTheme> { Key(name, default: .light) }
}

/// Reads every key of the file given first as every kind of type; `copy-values` also writes each value to a
/// second file.
func runReadingCommand(_ arguments: [String]) throws {
    let source = try FilePreferenceStore(url: URL(fileURLWithPath: arguments[2]), watchesForChanges: false)
    let prefs = Preferences(store: source)
    let names = source.keys()
    if arguments[1] == "copy-values" {
        let destination = Preferences(
            store: try FilePreferenceStore(url: URL(fileURLWithPath: arguments[3]), watchesForChanges: false))
        for name in names { destination[\.[value: name]] = prefs[\.[value: name]] }
        try destination.flush()
        say("copied \(names.count)")
        return
    }
    for name in names {
        say("reading \(name.prefix(40))")
        _ = prefs[\.[value: name]]
        _ = prefs[\.[bool: name]]
        _ = prefs[\.[int: name]]
        _ = prefs[\.[double: name]]
        _ = prefs[\.[float: name]]
        _ = prefs[\.[uint8: name]]
        _ = prefs[\.[uint64: name]]
        _ = prefs[\.[string: name]]
        _ = prefs[\.[data: name]]
        _ = prefs[\.[date: name]]
        _ = prefs[\.[url: name]]
        _ = prefs[\.[doubles: name]]
        _ = prefs[\.[dictionary: name]]
        _ = prefs[\.[record: name]]
        _ = prefs[\.[theme: name]]
    }
    say("read \(names.count)")
}

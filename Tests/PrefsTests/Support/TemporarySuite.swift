import Foundation
import PrefsTestSupport

/// A `UserDefaults` suite for one test, removed afterwards. On Linux its name is the absolute path
/// of a property list in a temporary folder (Foundation then keeps it there, not in `~/.config`);
/// on Apple platforms it is a uniquely named suite.
struct TemporarySuite: ~Copyable {
    let name: String
    private let directory: URL?

    init() throws {
        #if canImport(Darwin)
        name = "prefs-tests-\(UUID())"
        directory = nil
        #else
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-suite-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        name = directory.appendingPathComponent("suite").path
        #endif
    }

    /// A new `UserDefaults` instance on the suite.
    var defaults: UserDefaults { UserDefaults(suiteName: name)! }

    /// The property list that holds the suite (Linux).
    var propertyListPath: String { name + ".plist" }

    /// A file next to the suite, for a test's other data.
    func file(_ name: String) -> URL {
        (directory ?? FileManager.default.temporaryDirectory).appendingPathComponent(name)
    }

    deinit {
        if let directory {
            try? FileManager.default.removeItem(at: directory)
        } else {
            UserDefaults(suiteName: name)?.removePersistentDomain(forName: name)
        }
    }
}

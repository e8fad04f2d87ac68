internal import Foundation
internal import Prefs
internal import PrefsCommand

/// A preferences file as the commands use it: read without the lock for the commands that only
/// read (writers replace the file atomically, so a read never sees half a write), and written
/// through ``FilePreferenceStore``, under its cross-process lock, so running apps see the change
/// live and no concurrent write is lost.
///
/// The file is checked before the store is opened: the store moves a damaged file aside, and the
/// tools must leave it as it is and say so.
struct PreferenceFile {
    let url: URL
    /// A UserDefaults domain instead of a file: read and written through `UserDefaultsPreferenceStore`.
    let domain: String?

    init(url: URL) {
        self.url = url
        self.domain = nil
    }

    init(domain: String) {
        let plist = UserDefaultsPreferenceStore.propertyListPath(suiteName: domain) ?? domain
        self.url = URL(fileURLWithPath: plist)
        self.domain = domain
    }

    var path: String { url.path }

    /// The file's members; a missing, damaged or unreadable file is a failure.
    ///
    /// - Throws: ``PrefsFailure`` with exit code 3, 4 or 5.
    func read() throws -> [String: PreferenceValue] {
        guard let members = try readIfPresent() else {
            let target = (try? FilePreferenceStore.resolvedPath(of: path)) ?? path
            let link = target == path ? "" : " (a symbolic link to \(target), which does not exist)"
            throw PrefsFailure(.missingFile, "there is no preferences file at \(path)\(link)")
        }
        return members
    }

    /// The file's members, or nil when there is no file.
    ///
    /// - Throws: ``PrefsFailure`` with exit code 4 for a damaged file, 5 for an unreadable one.
    func readIfPresent() throws -> [String: PreferenceValue]? {
        if domain != nil {
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            let store = try openStore(watching: false, lockTimeout: .seconds(5))
            do {
                return try Dictionary(
                    uniqueKeysWithValues: store.keys().compactMap { key in
                        try store.value(forKey: key).map { (key, $0) }
                    })
            } catch {
                throw PrefsFailure(.inaccessibleFile, "cannot read the UserDefaults domain \(domain!): \(error)")
            }
        }
        do {
            _ = try FilePreferenceStore.resolvedPath(of: path)  // a loop of links is an error, not a missing file
        } catch {
            throw PrefsFailure(.inaccessibleFile, "\(error)")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard !isDirectory.boolValue else {
            throw PrefsFailure(.inaccessibleFile, "\(path) is a folder, not a preferences file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PrefsFailure(.inaccessibleFile, "cannot read \(path): \(Self.reason(error))")
        }
        do {
            return try PreferenceJSON.decode(data)
        } catch {
            throw PrefsFailure(
                .corruptFile,
                "\(path) is not a valid preferences file (\(error)); it was left as it is: fix it, or move it away"
            )
        }
    }

    /// Opens the file's store, for a write or a watch, after the caller has read the file. The
    /// commands use it only through the `PreferenceStore` protocol.
    ///
    /// - Parameters:
    ///   - watching: Whether the store watches the file for other processes' changes.
    ///   - lockTimeout: How long a write waits for another process's lock.
    /// - Returns: The store.
    /// - Throws: ``PrefsFailure`` with exit code 5 when the folder cannot be created or the file read.
    func openStore(watching: Bool, lockTimeout: Duration) throws -> any PreferenceStore {
        if let domain {
            guard let store = UserDefaultsPreferenceStore(suiteName: domain, pollingInterval: nil) else {
                throw PrefsFailure(.inaccessibleFile, "'\(domain)' is not a UserDefaults domain that can be opened")
            }
            return store
        }
        return try FilePreferenceStore(url: url, watchesForChanges: watching, lockTimeout: lockTimeout)
    }

    /// The system's reason for a failed read, without Foundation's wrapping.
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

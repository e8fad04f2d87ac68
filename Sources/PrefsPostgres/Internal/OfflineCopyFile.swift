internal import Foundation
internal import Logging
internal import Prefs

/// The offline copy's contents as a JSON document in the file store's format:
///
/// ```json
/// {
///   "format": 1, "namespace": "billing", "saved": {"$date": "…"}, "watermark": 412,
///   "identity": {"database": 16384, "table": 16390, "namespace": 3, "generation": 1},
///   "rows": {"rate_limit": {"value": 250, "version": 412}, "gone": {"version": 17}},
///   "pending": [{"reason": "INC-4711", "values": {"maintenance": true}, "removed": ["banner"]}]
/// }
/// ```
enum OfflineCopyFile {
    /// The format this release writes and reads.
    static let format: Int64 = 1

    /// The document of a mirror: its rows, watermark and identity, and its pending writes (the run being committed
    /// first).
    static func encode(_ mirror: NamespaceMirror, namespace: String) -> Data {
        var rows: [String: PreferenceValue] = [:]
        for (key, row) in mirror.rows {
            var members: [String: PreferenceValue] = ["version": .integer(row.version)]
            if let value = row.value { members["value"] = value }
            rows[key] = .dictionary(members)
        }
        var document: [String: PreferenceValue] = [
            "format": .integer(format), "namespace": .string(namespace), "saved": .date(Date()),
            "watermark": .integer(mirror.watermark), "rows": .dictionary(rows),
            "pending": .array(mirror.pendingRuns.map(encode)),
        ]
        if let identity = mirror.identity {
            document["identity"] = .dictionary([
                "database": .integer(identity.database), "table": .integer(identity.table),
                "namespace": .integer(identity.namespace), "generation": .integer(identity.generation),
            ])
        }
        return PreferenceJSON.encode(document)
    }

    private static func encode(_ run: PendingWrites.Run) -> PreferenceValue {
        var members: [String: PreferenceValue] = [
            "values": .dictionary(run.changes.compactMapValues { $0 }),
            "removed": .array(run.changes.filter { $0.value == nil }.keys.sorted().map(PreferenceValue.string)),
        ]
        if let reason = run.reason { members["reason"] = .string(reason.text) }
        return .dictionary(members)
    }

    /// Why a document is not an offline copy this release reads.
    struct Damaged: Error, CustomStringConvertible {
        let description: String
    }

    /// The mirror a document describes.
    ///
    /// - Throws: ``Damaged`` when it is not an offline copy of this format; ``PostgresPreferenceStoreError`` of kind
    ///   `invalidConfiguration` when it is a copy of another namespace.
    static func decode(_ data: Data, namespace: String, path: String) throws -> NamespaceMirror {
        let document: [String: PreferenceValue]
        do {
            document = try PreferenceJSON.decode(data)
        } catch {
            throw Damaged(description: "it is not a JSON document of preference values (\(error))")
        }
        guard document["format"] == .integer(format) else {
            throw Damaged(
                description:
                    "its format is \(document["format"].map(String.init(describing:)) ?? "missing"), not \(format)")
        }
        guard case .string(let holds) = document["namespace"] else {
            throw Damaged(description: "it names no namespace")
        }
        guard holds == namespace else {
            throw PostgresPreferenceStoreError(
                .invalidConfiguration,
                "the offline copy \(path) holds namespace '\(holds)', not '\(namespace)'; give each namespace and "
                    + "instance a file of its own (the file was left as it is)")
        }
        guard case .integer(let watermark) = document["watermark"], case .dictionary(let rowMembers) = document["rows"],
            case .array(let pendingMembers) = document["pending"]
        else { throw Damaged(description: "its watermark, rows or pending writes are missing") }
        var rows: [String: NamespaceMirror.Row] = [:]
        for (key, member) in rowMembers {
            guard case .dictionary(let fields) = member, case .integer(let version) = fields["version"] else {
                throw Damaged(description: "the row of '\(key)' has no version")
            }
            rows[key] = NamespaceMirror.Row(value: fields["value"], version: version)
        }
        let runs = try pendingMembers.map(run)
        return NamespaceMirror(
            restoringRows: rows, watermark: watermark, identity: try identity(document["identity"]), pending: runs)
    }

    private static func run(_ member: PreferenceValue) throws -> (PreferenceWriteReason?, PreferenceStoreWrites) {
        guard case .dictionary(let fields) = member, case .dictionary(let values) = fields["values"],
            case .array(let removed) = fields["removed"]
        else { throw Damaged(description: "a pending write is not {values, removed}") }
        var changes: PreferenceStoreWrites = values.mapValues { .some($0) }
        for key in removed {
            guard case .string(let key) = key else { throw Damaged(description: "a removed key is not a string") }
            changes[key] = .some(nil)
        }
        let reason: PreferenceWriteReason? =
            if case .string(let text) = fields["reason"] { PreferenceWriteReason(text) } else { nil }
        return (reason, changes)
    }

    private static func identity(_ member: PreferenceValue?) throws -> NamespaceIdentity? {
        guard let member else { return nil }
        guard case .dictionary(let fields) = member, case .integer(let database) = fields["database"],
            case .integer(let table) = fields["table"], case .integer(let namespace) = fields["namespace"],
            case .integer(let generation) = fields["generation"]
        else { throw Damaged(description: "its identity is not {database, table, namespace, generation}") }
        return NamespaceIdentity(database: database, table: table, namespace: namespace, generation: generation)
    }

    /// The mirror saved in the offline copy, or an empty one when there is no file yet. A damaged file is moved
    /// aside and reported; the store then starts without it.
    ///
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `invalidConfiguration` for a file that cannot be read or a
    ///   copy of another namespace.
    static func load(
        _ copy: PostgresPreferenceStore.OfflineCopy, namespace: String, logger: Logger
    ) throws
        -> NamespaceMirror
    {
        let path = copy.url.path
        let data: Data
        do {
            guard let (read, _) = try FileSystem.system.read(path) else { return NamespaceMirror() }
            data = read
        } catch {
            throw PostgresPreferenceStoreError(.invalidConfiguration, "could not read the offline copy: \(error)")
        }
        do {
            return try decode(data, namespace: namespace, path: path)
        } catch let damaged as Damaged {
            let aside: String
            do {
                aside = try FileSystem.system.moveAside(path)
            } catch {
                throw PostgresPreferenceStoreError(
                    .invalidConfiguration,
                    "the offline copy \(path) is damaged (\(damaged)) and could not be moved aside: \(error)")
            }
            logger.error(
                "Prefs: the offline copy \(path) is damaged (\(damaged)); it was moved aside to \(aside), and the store starts without it"
            )
            return NamespaceMirror()
        }
    }
}

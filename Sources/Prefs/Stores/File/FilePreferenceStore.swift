public import Foundation
public import Logging

/// A durable store in one JSON file: the store of ``Preferences/standard``, and the store for
/// settings that must not be lost on any platform.
///
/// ```swift
/// let prefs = Preferences(store: try FilePreferenceStore(url: settingsURL))
/// ```
///
/// - **Format**: one pretty-printed JSON object with sorted keys, one member per key, readable
///   and editable by hand (see "Durability" in the documentation for the forms of dates and data).
/// - **Durability**: every write replaces the file atomically: a temporary file in the same folder,
///   `fsync`, `rename`, `fsync` of the folder. A crash leaves the old file or the new one, never a
///   mix. New files are readable by the owner only (0600); an existing file keeps its mode.
/// - **Processes**: writers take an advisory lock (`<file>.lock`), re-read the file if another
///   process changed it, and change only their own keys, so concurrent writers never lose each
///   other's keys. ``transaction(_:)`` runs under that lock, so updates are atomic across processes.
/// - **Outside changes**: the file and its folder are watched (inotify on Linux, dispatch sources on
///   Apple platforms); another process's write, a hand edit, a replacement or a deletion is reported
///   per changed key.
/// - **JSON Schema**: a top-level `"$schema"` member (which points editors at the app's schema, see
///   <doc:EvolvingYourSettings>) is kept by every write; it is not a key, and cannot be written as one.
/// - **Damage**: a file that is not a JSON object is never overwritten or deleted; what the store does with it is
///   its ``CorruptionPolicy``: by default it is moved aside to `<name>.corrupt-<timestamp>`, reported at error level,
///   and the store starts empty; or the app recovers what it can from its bytes; or the store refuses to open.
/// - **Failing disks**: a write that fails (a full disk, a quota, an I/O error, a file system remounted read-only) at
///   any step throws a ``FilePreferenceStoreError`` with the system's ``FilePreferenceStoreError/errorNumber``, and
///   leaves the file as it was and no temporary file behind (see "Durability" in the documentation).
/// - **Symbolic links**: a file that is a link is written through: its target is replaced, beside itself, the lock
///   is `<target>.lock`, the watcher follows the link, and a dangling link gets its target created (see
///   "Durability" in the documentation).
/// - **Exactness**: every value reads back as written, dates bit for bit; a value that could not
///   (a date that is not finite, nesting deeper than the reader reads) is refused with ``UnstorableValueError``.
///
/// The container in front of it caches values and writes behind, so callers never wait for the disk.
public final class FilePreferenceStore: PreferenceStore, @unchecked Sendable {
    /// The file.
    public let url: URL
    private let path: String
    private let logger: Logger
    private let observers = PreferenceStoreObservers()
    private let state: Lock<FileContents>
    /// Serializes this store's disk work (recursive, so that a transaction body may write) and takes the file lock
    /// that every process writing the file shares.
    private let lock: CrossProcessLock
    /// Reads and replaces the file, through the system's calls (or a test's).
    private let fileSystem: FileSystem
    /// What to do with a file that does not parse.
    private let corruptionPolicy: CorruptionPolicy
    private let watchQueue: DispatchQueue
    private var watcher: FileWatcher?

    private struct FileContents: Sendable {
        var members: [String: PreferenceValue] = [:]
        /// The file's `"$schema"` member, which every write keeps; nil when it has none.
        var schema: PreferenceValue?
        /// The version of the file `members` came from; nil when there is no file.
        var identity: FileSystem.Identity?
    }

    /// Opens (or prepares to create) a preferences file.
    ///
    /// - Parameters:
    ///   - url: The file. Its folder is created if missing (mode 0700).
    ///   - watchesForChanges: Whether to watch the file for changes by others (default: yes).
    ///   - lockTimeout: How long a write waits while another process holds the file's lock before
    ///     it fails with a ``FilePreferenceStoreError/Operation/lock`` error; nil (the default) waits
    ///     as long as it takes. Reads never wait past it: they read the file unlocked.
    ///   - corruptionPolicy: What to do with a file that does not parse (default: move it aside and start empty).
    ///   - logger: Where damaged files and failed reads are reported.
    /// - Throws: ``FilePreferenceStoreError`` when the folder cannot be created or the file cannot be read, or is
    ///   damaged and `corruptionPolicy` is ``CorruptionPolicy/refuse``.
    public convenience init(
        url: URL,
        watchesForChanges: Bool = true,
        lockTimeout: Duration? = nil,
        corruptionPolicy: CorruptionPolicy = .moveAside,
        logger: Logger = Logger(label: "Prefs.FilePreferenceStore")
    ) throws {
        try self.init(
            url: url, lockTimeout: lockTimeout, corruptionPolicy: corruptionPolicy, logger: logger,
            watching: watchesForChanges ? .platform : nil)
    }

    /// How the store learns of changes to its file.
    enum Watching {
        /// The platform's event sources (inotify on Linux, dispatch sources on Apple platforms).
        case platform
        /// The folder event sources a factory makes, and no source on the file itself: what tests use to run the
        /// store under another platform's event shape.
        case folders(FileWatcher.SourceFactory)
    }

    /// Opens a preferences file whose system calls are `systemCalls`, a test's that fail on request or record what
    /// they are asked.
    convenience init(
        url: URL,
        watchesForChanges: Bool = true,
        corruptionPolicy: CorruptionPolicy = .moveAside,
        logger: Logger = Logger(label: "Prefs.FilePreferenceStore"),
        systemCalls: SystemCalls
    ) throws {
        try self.init(
            url: url, lockTimeout: nil, corruptionPolicy: corruptionPolicy, logger: logger,
            watching: watchesForChanges ? .platform : nil, systemCalls: systemCalls)
    }

    /// Opens (or prepares to create) a preferences file watched as `watching` says (nil: not watched), through the
    /// system calls `systemCalls` (the operating system's unless a test gives others).
    init(
        url: URL,
        lockTimeout: Duration?,
        corruptionPolicy: CorruptionPolicy = .moveAside,
        logger: Logger,
        watching: Watching?,
        systemCalls: SystemCalls = .system
    ) throws {
        let (url, path) = FileSystem.standardized(url)
        self.url = url
        self.path = path
        self.logger = logger
        self.fileSystem = FileSystem(calls: systemCalls)
        self.corruptionPolicy = corruptionPolicy
        self.lock = CrossProcessLock(FileLock(filePath: path, timeout: lockTimeout, calls: systemCalls))
        self.state = Lock(FileContents())
        self.watchQueue = DispatchQueue(label: "Prefs.FilePreferenceStore.watch", qos: .utility)
        try fileSystem.createDirectory(FileSystem.folder(of: path))  // from the path's text: no second URL
        try refreshed(required: false, reportingChanges: false) { _ in }
        let onChange: @Sendable () -> Void = { [weak self] in self?.refreshAfterEvent() }
        switch watching {
        case .platform: watcher = try FileWatcher(path: path, queue: watchQueue, onChange: onChange)
        case .folders(let makeSource): watcher = try FileWatcher(path: path, onChange: onChange, makeSource: makeSource)
        case nil: break
        }
    }

    /// Returns the value stored under a key, from the last version of the file this store read.
    ///
    /// - Parameter key: The member name.
    /// - Returns: The value, or nil.
    public func value(forKey key: String) -> PreferenceValue? {
        state.withLock { $0.members[key] }
    }

    /// Writes the changes into the file durably, merged with what other processes wrote meanwhile.
    ///
    /// - Parameter changes: New values by key; nil removes a key.
    /// - Throws: ``FilePreferenceStoreError`` naming the path, or ``UnstorableValueError``; the file is then left as
    ///   it was.
    public func write(_ changes: PreferenceStoreWrites) throws {
        try transaction { transaction in
            for (key, value) in changes { transaction.setValue(value, forKey: key) }
        }
    }

    /// Returns every key in the file.
    ///
    /// - Returns: The member names.
    public func keys() -> [String] {
        state.withLock { Array($0.members.keys) }
    }

    /// Returns at once: every write is durable before ``write(_:)`` returns.
    public func flush() {}

    /// Registers a handler told about every key that changes, whoever changed it.
    ///
    /// - Parameter handler: Called with each report, which carries the new values.
    /// - Returns: A token that unregisters the handler.
    public func observeChanges(
        _ handler: @escaping @Sendable (PreferenceStoreChange) -> Void
    )
        -> PreferenceObservationToken
    {
        observers.add(handler)
    }

    /// Runs a read-modify-write under the cross-process lock: the body reads the file as it is now,
    /// and its changes are written before the lock is released.
    ///
    /// - Parameter body: Reads and changes values.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws (nothing is written then), ``UnstorableValueError`` for a value that would not
    ///   read back as written (a date that is not finite, nesting deeper than the format reads), or
    ///   ``FilePreferenceStoreError``.
    public func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result {
        let origin = PreferenceWriteOrigin.current
        defer { observers.deliver() }
        return try refreshed(required: true) { othersChanges in
            observers.enqueue(PreferenceStoreChange(values: othersChanges))  // what others changed meanwhile
            let snapshot = state.withLock { $0.members }
            var transaction = PreferenceStoreTransaction { snapshot[$0] }
            let result = try body(&transaction)
            try PreferenceJSON.checkStorable(transaction.changes)
            if transaction.changes.keys.contains(PreferenceJSON.schemaMember) {
                throw UnstorableValueError(
                    key: PreferenceJSON.schemaMember, reason: "the name is reserved for the file's JSON Schema")
            }
            var members = snapshot
            var written: PreferenceStoreWrites = [:]
            for (key, value) in transaction.changes where members[key] != value {
                members[key] = value
                written[key] = .some(value)
            }
            guard !written.isEmpty else { return result }
            let (schema, hasFile) = state.withLock { ($0.schema, $0.identity != nil) }
            let identity = try fileSystem.replace(
                path, with: PreferenceJSON.encode(members, schema: schema),
                previous: { hasFile ? PreferenceJSON.encode(snapshot, schema: schema) : nil })
            state.withLock { $0 = FileContents(members: members, schema: schema, identity: identity) }
            observers.enqueue(PreferenceStoreChange(values: written, origin: origin))
            return result
        }
    }

    /// Runs `body` holding the store's lock (and the file lock when it can, or must), after re-reading the file if
    /// another process replaced it; `body` gets the new values of the keys that changed.
    ///
    /// A file that does not parse may be half-written by a program that writes in place (an editor). Prefs writers
    /// only ever replace the file whole, so the wait for it to settle happens outside the lock, never making writers
    /// in other processes wait; the file is then read again under the lock and, if it still does not parse, treated
    /// as damaged.
    private func refreshed<Result>(
        required: Bool, reportingChanges: Bool = true, _ body: (PreferenceStoreWrites) throws -> Result
    ) throws -> Result {
        do {
            return try lock.withLock(required: required) {
                let unparsable: UnparsableFile = lock.isNested ? .waitHere : .waitOutside
                return try body(try refreshLocked(ifUnparsable: unparsable, reportingChanges: reportingChanges))
            }
        } catch is UnsettledFile {
            waitForASettledFile()
            return try lock.withLock(required: required) {
                try body(try refreshLocked(ifUnparsable: .damaged, reportingChanges: reportingChanges))
            }
        }
    }

    /// Thrown inside the lock when the file does not parse, to wait for it outside.
    private struct UnsettledFile: Error {}

    /// What a refresh does with a file that does not parse.
    private enum UnparsableFile {
        /// Throws ``UnsettledFile``, so that the caller waits outside the lock and tries again.
        case waitOutside
        /// Waits for it to settle while holding the lock (a nested call cannot let go of it).
        case waitHere
        /// Treats it as damaged now (the caller has waited).
        case damaged
    }

    /// Re-reads the file if it is not the version last seen; returns the new values of the keys that changed.
    /// Call it inside the lock: a damaged file is moved aside, which must not race a writer.
    ///
    /// - Parameters:
    ///   - ifUnparsable: What to do when the file does not parse.
    ///   - reportingChanges: Whether to compare the versions (false when the store opens: nobody listens yet).
    /// - Returns: The new values of the keys that changed (none when not reporting changes).
    /// - Throws: ``UnsettledFile`` (see `ifUnparsable`), or a ``FilePreferenceStoreError`` from reading the file or
    ///   moving it aside.
    private func refreshLocked(ifUnparsable: UnparsableFile, reportingChanges: Bool) throws -> PreferenceStoreWrites {
        let known = state.withLock { $0 }
        guard FileSystem.identity(path) != known.identity || known.identity == nil else { return [:] }
        var reading = try read()
        if case .unparsable = reading, ifUnparsable == .waitOutside { throw UnsettledFile() }
        if case .unparsable = reading, ifUnparsable == .waitHere {
            waitForASettledFile()
            reading = try read()
        }
        let fresh: FileContents
        switch reading {
        case .parsed(let contents): fresh = contents
        case .unparsable(let failure, let identity, let bytes):
            fresh = try damaged(failure, identity: identity, bytes: bytes, known: known)
        }
        state.withLock { $0 = fresh }
        guard reportingChanges else { return [:] }
        var changed: PreferenceStoreWrites = [:]
        for key in Set(known.members.keys).union(fresh.members.keys) where known.members[key] != fresh.members[key] {
            changed[key] = .some(fresh.members[key])
        }
        return changed
    }

    /// What one read of the file found.
    private enum Reading {
        case parsed(FileContents)
        case unparsable(any Error, identity: FileSystem.Identity?, bytes: Data)
    }

    /// Reads and parses the file once.
    private func read() throws -> Reading {
        guard let (bytes, identity) = try fileSystem.readBytes(path) else { return .parsed(FileContents()) }
        do {
            let (members, schema) = try PreferenceJSON.decodeFile(bytes: bytes)
            return .parsed(FileContents(members: members, schema: schema, identity: identity))
        } catch {
            return .unparsable(error, identity: identity, bytes: Data(bytes))
        }
    }

    /// Waits until the file parses, or has stayed the same unparsable version for three reads (about 200 ms at most).
    private func waitForASettledFile() {
        var previous: FileSystem.Identity?
        for attempt in 0..<8 {
            guard case .unparsable(_, let identity, _) = try? read() else { return }
            if identity == previous && attempt >= 2 { return }
            previous = identity
            Thread.sleep(forTimeInterval: 0.025)
        }
    }

    /// A file that does not parse, handled as the store's ``CorruptionPolicy`` says. Moving it aside and writing what a
    /// recovery keeps take the file lock: a store that cannot take it (a read-only folder) reads what it would keep,
    /// and leaves the file for a writer.
    private func damaged(
        _ failure: any Error, identity: FileSystem.Identity?, bytes: Data, known: FileContents
    ) throws -> FileContents {
        if case .refuse = corruptionPolicy {
            let refusal = FilePreferenceStoreError(
                operation: .parse, path: path,
                reason: "it is not a valid preferences file (\(failure)); it is left as it is, as the store's "
                    + "corruption policy (.refuse) says")
            logger.error("Prefs: \(refusal)")
            throw refusal
        }
        let kept = recovered(from: bytes)
        guard lock.isHeldAcrossProcesses else {
            let reading = kept.isEmpty ? "defaults" : "the \(kept.count) members recovered from it"
            logger.error("Prefs: \(path) is damaged (\(failure)); reading \(reading) until a writer moves it aside")
            return FileContents(members: kept, schema: nil, identity: identity)
        }
        let aside = try fileSystem.moveAside(path)
        guard !kept.isEmpty else {
            logger.error(
                "Prefs: \(path) is damaged (\(failure)); it was moved aside to \(aside), and the store starts empty")
            return FileContents()
        }
        let written = try fileSystem.replace(path, with: PreferenceJSON.encode(kept), previous: { nil })
        logger.error(
            """
            Prefs: \(path) is damaged (\(failure)); it was moved aside to \(aside), and the store starts with the \
            \(kept.count) members its recovery kept
            """)
        return FileContents(members: kept, schema: nil, identity: written)
    }

    /// What the ``CorruptionPolicy/recover(_:)`` policy keeps of a damaged file: the members its closure returns that
    /// the file can hold; nothing for the other policies, or when the closure throws.
    private func recovered(from bytes: Data) -> [String: PreferenceValue] {
        guard case .recover(let recover) = corruptionPolicy else { return [:] }
        do {
            return try recover(bytes).filter { key, value in
                key != PreferenceJSON.schemaMember && (try? PreferenceJSON.checkStorable(value, key: key)) != nil
            }
        } catch {
            logger.error("Prefs: the recovery of the damaged \(path) failed (\(error)); it keeps nothing")
            return [:]
        }
    }

    /// Reacts to a change in the folder: re-reads the file if it is a new version.
    private func refreshAfterEvent() {
        guard FileSystem.identity(path) != state.withLock({ $0.identity }) else { return }
        do {
            defer { observers.deliver() }
            try refreshed(required: false) { observers.enqueue(PreferenceStoreChange(values: $0)) }
        } catch {
            logger.error("Prefs: could not read \(path) after it changed: \(error)")
        }
    }
}

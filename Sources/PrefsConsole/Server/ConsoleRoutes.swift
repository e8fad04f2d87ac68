internal import Foundation
internal import HTTPTypes
internal import Hummingbird
internal import NIOCore
internal import Prefs
internal import PrefsEditors

/// The console's routes: the page (`/`, `/row`, `/edit`, `/history`, `/rollback`, `/assets/…`) and the JSON API
/// (`/api/…`), over one set of operations on the settings.
struct ConsoleRoutes: Sendable {
    let console: PreferenceConsole
    var settings: any ConsoleSettings { console.settings }

    func add(to router: Router<BasicRequestContext>) {
        addAPI(to: router)
        addPage(to: router)
    }

    // MARK: Operations the page and the API share

    /// Every key's state.
    func states() async throws -> [ConsoleKeyState] {
        let settings = settings
        return try await onStore(.unavailable, { "could not read \(settings.title): \($0)" }) { try settings.keys() }
    }

    /// One key's state.
    func state(of name: String) async throws -> ConsoleKeyState {
        guard let state = try await states().first(where: { $0.editor.name == name }) else {
            throw ConsoleError(.notFound, "there is no key named '\(name)'")
        }
        return state
    }

    /// What a request asks to write.
    enum Edit {
        /// The text of a control, read by the key's editor.
        case text(String, PreferenceControl)
        /// The value in Prefs' JSON notation.
        case json(String)
        /// Remove the stored value.
        case reset
    }

    /// Reads an edit with the key's editor, checks it as the key's type, and writes it; nothing is written when the
    /// editor refuses it.
    ///
    /// - Returns: The key's state after the write.
    @discardableResult
    func apply(_ edit: Edit, to name: String, reason: String?) async throws -> ConsoleKeyState {
        let editor = try await state(of: name).editor
        let value: PreferenceValue?
        do {
            switch edit {
            case .reset: value = nil
            case .text(let text, let control):
                if control == .secret, text.isEmpty {
                    throw PreferenceEditError(key: name, message: "type the new secret, or reset the key")
                }
                value = try editor.value(editing: text, in: control)
            case .json(let text):
                let parsed: PreferenceValue
                do {
                    parsed = try PreferenceJSON.value(parsing: text)
                } catch {
                    throw editor.isSecret
                        ? PreferenceEditError(key: name, message: "the new secret is not valid")
                        : PreferenceEditError(
                            key: name, message: "not JSON in the preferences file's notation: \(error)")
                }
                try editor.validate(parsed)
                value = parsed
            }
        } catch let error as PreferenceEditError {
            throw ConsoleError(.invalidValue, error.message)
        }
        let settings = settings
        let writeReason = reason.flatMap { $0.isEmpty ? nil : PreferenceWriteReason($0) }
        let isSecret = editor.isSecret
        let failure = { (error: any Error) in
            "could not write '\(name)'; nothing was written: " + (isSecret ? "\(type(of: error))" : "\(error)")
        }
        try await onStore(.unavailable, failure) { try settings.write(value, to: name, reason: writeReason) }
        return try await state(of: name)
    }

    /// The recorded changes, newest first.
    func history(of key: String?, limit: Int) async throws -> [ConsoleHistoryEntry] {
        let settings = settings
        guard settings.keepsHistory else {
            throw ConsoleError(.notFound, "\(settings.title) keeps no history (a preferences file does not)")
        }
        return try await onStore(.unavailable, { "could not read the history: \($0)" }) {
            try settings.history(of: key, limit: limit)
        }
    }

    /// Rolls a key back to one of its versions.
    func rollback(_ key: String, toVersion version: Int64, reason: String?) async throws {
        let settings = settings
        _ = try await state(of: key)
        let writeReason = reason.flatMap { $0.isEmpty ? nil : PreferenceWriteReason($0) }
        try await onStore(.notFound, { "\($0)" }) {
            try settings.rollback(key, toVersion: version, reason: writeReason)
        }
    }

    /// Runs a store call off the cooperative threads; a failure other than a ``ConsoleError`` becomes one of `kind`,
    /// worded by `message`.
    @discardableResult
    private func onStore<Result: Sendable>(
        _ kind: ConsoleError.Kind, _ message: (any Error) -> String, _ call: @escaping @Sendable () throws -> Result
    ) async throws -> Result {
        do {
            return try await offloaded(call)
        } catch let error as ConsoleError {
            throw error
        } catch {
            throw ConsoleError(kind, message(error))
        }
    }

    /// The names of secret keys, so that the history never shows their values.
    func secretNames() async throws -> Set<String> {
        Set(try await states().filter(\.editor.isSecret).map(\.editor.name))
    }
}

extension Request {
    /// The body, up to `limit` bytes.
    mutating func text(upTo limit: Int) async throws -> String {
        do {
            let buffer = try await collectBody(upTo: limit)
            return String(buffer: buffer)
        } catch is NIOTooManyBytesError {
            throw ConsoleError(.tooLarge, "the request body is larger than \(limit) bytes")
        }
    }

    /// The query's fields.
    var queryFields: FormFields {
        get throws { try FormFields(uri.query ?? "") }
    }
}

internal import PostgresNIO

/// What an error from postgres-nio or the network means for the store: its kind and a readable
/// reason. postgres-nio hides the server's message from `description` (to keep it away from end
/// users); the store shows the SQLSTATE code and message, which never contain credentials.
struct StoreFailure: Error, Sendable, CustomStringConvertible {
    let kind: PostgresPreferenceStoreError.Kind
    let reason: String
    let sqlState: String?

    init(kind: PostgresPreferenceStoreError.Kind, reason: String, sqlState: String? = nil) {
        self.kind = kind
        self.reason = reason
        self.sqlState = sqlState
    }

    init(_ error: any Error) {
        switch error {
        case let failure as StoreFailure:
            self = failure
        case let error as PostgresPreferenceStoreError:
            self.init(kind: error.kind, reason: error.message, sqlState: error.sqlState)
        case let error as PSQLError:
            if let info = error.serverInfo, let state = info[.sqlState] {
                let message = info[.message] ?? "no message"
                self.init(kind: Self.kind(ofSQLState: state), reason: "\(message) (SQLSTATE \(state))", sqlState: state)
            } else if let underlying = error.underlying {
                self.init(kind: .unreachable, reason: "\(error.code): \(underlying)")
            } else {
                self.init(kind: .unreachable, reason: "\(error.code)")
            }
        default:
            self.init(kind: .unreachable, reason: "\(error)")
        }
    }

    var description: String { reason }

    static func kind(ofSQLState state: String) -> PostgresPreferenceStoreError.Kind {
        switch state {
        case "28P01", "28000": .authenticationFailed
        case "3D000": .databaseNotFound
        case "42501": .permissionDenied
        case "42P01", "42883": .schemaMissing
        case _ where state.hasPrefix("08") || state.hasPrefix("57P"): .unreachable
        default: .server
        }
    }

    /// The public error, with what the store was doing in front of the reason.
    func error(_ doing: String) -> PostgresPreferenceStoreError {
        PostgresPreferenceStoreError(kind, "\(doing): \(reason)", sqlState: sqlState)
    }
}

package import PrefsCommand
package import PrefsPostgres

/// The exit code of each PostgreSQL failure, in the tool's terms: a namespace or tables that are not there are
/// missing (3), like a missing file; a server that cannot be reached or refuses the role is not accessible (5).
extension PostgresPreferenceStoreError: PrefsFailureConvertible {
    package var prefsFailure: PrefsFailure {
        switch kind {
        case .namespaceNotFound:
            PrefsFailure(.missingFile, message)
        case .schemaMissing:
            PrefsFailure(
                .missingFile,
                "the database has no Prefs tables of schema 4 or later: start an instance of the app once (it creates "
                    + "or upgrades them), or run `prefs schema | psql` as the tables' owner; nothing was written")
        case .unstorableValue, .versionNotFound:
            PrefsFailure(.invalidValue, message)
        case .invalidConfiguration:
            PrefsFailure(.usage, message)
        case .authenticationFailed:
            PrefsFailure(
                .inaccessibleFile,
                "\(message); check the role and its password (in the URL, PGPASSWORD or ~/.pgpass); nothing was written"
            )
        case .unreachable:
            PrefsFailure(
                .inaccessibleFile,
                "\(message); check that the server runs and accepts connections there; nothing was written")
        default:
            PrefsFailure(.inaccessibleFile, "\(message); nothing was written")
        }
    }
}

public import Foundation
internal import PostgresNIO

extension PostgresPreferenceStore.Configuration {
    /// Creates a configuration from a libpq connection URL, as `psql` takes it, with libpq's environment variables
    /// for what it leaves out.
    ///
    /// ```swift
    /// let configuration = try PostgresPreferenceStore.Configuration(
    ///     url: "postgres://app@db.internal/app?sslmode=verify-full&application_name=billing-7",
    ///     namespace: "billing-service")
    /// ```
    ///
    /// - The password comes from the URL, else `PGPASSWORD`, else the password file (`PGPASSFILE` or `~/.pgpass`,
    ///   which must not be readable by others). Prefer the last two: a URL on a command line is visible to other
    ///   users of the machine.
    /// - `sslmode` as libpq reads it (default `prefer`): `disable`; `allow` and `prefer` try TLS and fall back to
    ///   a plain connection; `require` encrypts without checking the certificate, unless `sslrootcert` names the
    ///   certificates to trust (then as `verify-ca`); `verify-ca` checks the certificate chain; `verify-full` the
    ///   chain and the host name. `sslrootcert` is a PEM file; without it the system's trust store is used.
    /// - Also understood: `host` (a folder for a Unix socket), `port`, `user`, `dbname`, `application_name`,
    ///   `connect_timeout`; and `PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE`, `PGSSLMODE`, `PGSSLROOTCERT`,
    ///   `PGAPPNAME`, `PGCONNECT_TIMEOUT`. The user defaults to the system user, the database to the user, the host
    ///   to `localhost`.
    ///
    /// - Parameters:
    ///   - url: A `postgres://` or `postgresql://` URL.
    ///   - namespace: The namespace whose settings the store holds.
    ///   - environment: The variables (default: the process environment).
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `invalidConfiguration` for a URL, parameter, password file
    ///   or certificate that cannot be used; the message never contains the URL or a password.
    public init(
        url: String,
        namespace: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let parsed = try ConnectionURL(parsing: url, environment: environment)
        let password =
            try parsed.password
            ?? PasswordFile.password(
                host: parsed.isUnixSocket ? "localhost" : parsed.host, port: parsed.port, database: parsed.database,
                user: parsed.user, environment: environment)
        var connection: PostgresConnection.Configuration
        if parsed.isUnixSocket {
            connection = PostgresConnection.Configuration(
                unixSocketPath: URL(fileURLWithPath: parsed.host).appendingPathComponent(".s.PGSQL.\(parsed.port)")
                    .path,
                username: parsed.user, password: password, database: parsed.database)
        } else {
            connection = PostgresConnection.Configuration(
                host: parsed.host, port: parsed.port, username: parsed.user, password: password,
                database: parsed.database, tls: try Self.tls(mode: parsed.sslMode, trusting: parsed.sslRootCertificate))
        }
        if let name = parsed.applicationName {
            connection.options.additionalStartupParameters.append(("application_name", name))
        }
        if let seconds = parsed.connectTimeout, seconds > 0 {
            connection.options.connectTimeout = .seconds(Int64(seconds))
        }
        self.init(connection: connection, namespace: namespace)
    }

    /// TLS as libpq's `sslmode` asks for it.
    private static func tls(
        mode: String, trusting rootCertificate: String?
    ) throws
        -> PostgresConnection.Configuration
        .TLS
    {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let rootCertificate {
            guard FileManager.default.isReadableFile(atPath: rootCertificate) else {
                throw PostgresPreferenceStoreError(
                    .invalidConfiguration, "sslrootcert names \(rootCertificate), which cannot be read")
            }
            tls.trustRoots = .file(rootCertificate)
        }
        func context(_ verification: CertificateVerification) throws -> NIOSSLContext {
            tls.certificateVerification = verification
            do {
                return try NIOSSLContext(configuration: tls)
            } catch {
                throw PostgresPreferenceStoreError(.invalidConfiguration, "TLS cannot be set up: \(error)")
            }
        }
        switch mode {
        case "disable": return .disable
        case "allow", "prefer": return .prefer(try context(.none))
        case "require": return .require(try context(rootCertificate == nil ? .none : .noHostnameVerification))
        case "verify-ca": return .require(try context(.noHostnameVerification))
        case "verify-full": return .require(try context(.fullVerification))
        default:
            throw PostgresPreferenceStoreError(
                .invalidConfiguration,
                "sslmode '\(mode)' is not one of disable, allow, prefer, require, verify-ca, verify-full")
        }
    }
}

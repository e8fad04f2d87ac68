public import ArgumentParser
internal import Foundation

/// The options every console command takes: where to listen, the token, TLS. `prefs serve` and
/// ``PrefsConsoleCommand`` share them.
public struct ConsoleOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "port"))
    var port = 8_086

    @Option(
        help: ArgumentHelp(
            "A file holding the access token (else $PREFS_CONSOLE_TOKEN, else a new random one, printed at start).",
            valueName: "path"),
        completion: .file())
    var tokenFile: String?

    @Option(help: ArgumentHelp("A PEM certificate chain, to serve HTTPS (with --tls-key).", valueName: "path"))
    var tlsCertificate: String?

    @Option(help: ArgumentHelp("The PEM private key of --tls-certificate.", valueName: "path"))
    var tlsKey: String?

    @Flag(help: "Serve plain HTTP on an address other than the loopback's (only on a network you trust).")
    var allowPlainHttpElsewhere = false

    /// Creates the options; ArgumentParser calls it.
    public init() {}

    /// Checks that TLS is given whole.
    public func validate() throws {
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-certificate and --tls-key go together.")
        }
    }

    /// The console's configuration from the options and the process's environment (`PREFS_CONSOLE_TOKEN`).
    ///
    /// - Returns: The configuration.
    /// - Throws: `ValidationError` when the token file cannot be read or the configuration is unsafe.
    public func configuration() throws -> ConsoleConfiguration {
        try configuration(environment: ProcessInfo.processInfo.environment)
    }

    /// The console's configuration from the options and `environment`.
    ///
    /// - Parameter environment: An environment, for `PREFS_CONSOLE_TOKEN`.
    /// - Returns: The configuration.
    /// - Throws: `ValidationError` when the token file cannot be read or the configuration is unsafe.
    public func configuration(environment: [String: String]) throws -> ConsoleConfiguration {
        var token = environment["PREFS_CONSOLE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        if let tokenFile {
            guard let text = try? String(contentsOfFile: tokenFile, encoding: .utf8) else {
                throw ValidationError("cannot read the token file \(tokenFile)")
            }
            token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let tls = tlsCertificate.flatMap { certificate in tlsKey.map { (certificate, $0) } }
        let configuration = ConsoleConfiguration(
            host: host, port: port, token: token, tls: tls, allowsPlainHTTPElsewhere: allowPlainHttpElsewhere)
        do {
            try configuration.validate()
        } catch let error as ConsoleError {
            throw ValidationError(error.message)
        }
        return configuration
    }
}

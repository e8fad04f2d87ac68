internal import Hummingbird
internal import HummingbirdCore
internal import HummingbirdTLS
public import Logging
internal import NIOCore
internal import NIOSSL

/// The settings console: a web server that shows every key of a ``ConsoleSettings`` with its value, source and
/// description, edits each with the editor its type calls for, shows changes live, and keeps a way back where the
/// store keeps a history. The page, its script and its style are served from the binary; the same operations are a
/// JSON API under `/api` (see the Console article).
///
/// ```swift
/// let settings = DeclaredSettings(keys: AppPreferences.keys, preferences: .standard, title: "MyApp")
/// try await PreferenceConsole(settings: settings).run { url in print("Console: \(url)") }
/// ```
public struct PreferenceConsole: Sendable {
    /// What the console shows and changes.
    public let settings: any ConsoleSettings
    /// Where it listens, and its token.
    public let configuration: ConsoleConfiguration
    let csrf = ConsoleToken.random()
    let cookieName = "prefs_console_" + String(ConsoleToken.random().text.prefix(8).filter(\.isLetter))
    private let logger: Logger

    /// A console.
    ///
    /// - Parameters:
    ///   - settings: What it shows and changes.
    ///   - configuration: Where it listens, and its token.
    ///   - logger: Where the server logs (requests are not logged, and neither is a token or a value).
    public init(
        settings: any ConsoleSettings, configuration: ConsoleConfiguration = ConsoleConfiguration(),
        logger: Logger = Logger(label: "prefs.console")
    ) {
        self.settings = settings
        self.configuration = configuration
        self.logger = logger
    }

    /// Serves until the process is asked to stop (SIGINT, SIGTERM).
    ///
    /// - Parameter onStart: Called once the server listens, with the address to open: the scheme, host, the port it
    ///   listens on, and `?token=…`. Print it for the person who started the console; never log it.
    /// - Throws: ``ConsoleError`` for an unsafe configuration, or the server's error (the port is taken).
    public func run(onStart: @escaping @Sendable (String) -> Void) async throws {
        try configuration.validate()
        let scheme = configuration.tls == nil ? "http" : "https"
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let token = configuration.token
        let application = try makeApplication { port in
            onStart("\(scheme)://\(host):\(port)/?token=\(token)")
        }
        try await application.runService()
    }

    /// The application, for a test client or ``run(onStart:)``.
    func makeApplication(onRunning: @escaping @Sendable (Int) -> Void = { _ in }) throws -> some ApplicationProtocol {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: guardMiddleware)
        ConsoleRoutes(console: self).add(to: router)
        let server: HTTPServerBuilder
        if let tls = configuration.tls {
            let chain = try NIOSSLCertificate.fromPEMFile(tls.certificateChain).map {
                NIOSSLCertificateSource.certificate($0)
            }
            let key = try NIOSSLPrivateKey(file: tls.privateKey, format: .pem)
            server = try .tls(
                tlsConfiguration: .makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key)))
        } else {
            server = .http1()
        }
        var quiet = logger
        quiet.logLevel = max(logger.logLevel, .notice)  // Hummingbird logs each request's URI at .debug
        return Application(
            router: router, server: server,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? 0) },
            logger: quiet)
    }

    var guardMiddleware: ConsoleGuard<BasicRequestContext> {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return ConsoleGuard(
            token: ConsoleToken(text: configuration.token), csrf: csrf, cookieName: cookieName,
            allowedHosts: ["localhost", "127.0.0.1", "[::1]", host.lowercased()])
    }
}

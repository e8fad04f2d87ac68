/// Where and how a console listens, and what it asks of each request.
///
/// Safe by default: it listens on 127.0.0.1, and refuses any other address unless it is given TLS or told with
/// ``allowsPlainHTTPElsewhere`` that the network is trusted. Every request needs ``token``.
public struct ConsoleConfiguration: Sendable {
    /// The address to listen on (default `127.0.0.1`).
    public var host: String
    /// The port; 0 picks a free one (see `PreferenceConsole.run(onStart:)` for the one picked).
    public var port: Int
    /// The access token every request must carry (a cookie the page sets, or `Authorization: Bearer …`); a new
    /// random one unless given.
    public var token: String
    /// The PEM files of the certificate chain and private key to serve HTTPS with; nil for plain HTTP.
    public var tls: (certificateChain: String, privateKey: String)?
    /// Whether plain HTTP may listen on an address other than the loopback's.
    public var allowsPlainHTTPElsewhere: Bool
    /// The largest request body accepted, in bytes (default 1 MiB); a larger one is refused with 413.
    public var maximumBodySize: Int

    /// A configuration.
    ///
    /// - Parameters:
    ///   - host: The address to listen on.
    ///   - port: The port, or 0 for a free one.
    ///   - token: The access token; nil for a new random one.
    ///   - tls: The PEM files of the certificate chain and private key, for HTTPS.
    ///   - allowsPlainHTTPElsewhere: Whether plain HTTP may listen on a non-loopback address.
    ///   - maximumBodySize: The largest request body accepted, in bytes.
    public init(
        host: String = "127.0.0.1", port: Int = 8_086, token: String? = nil,
        tls: (certificateChain: String, privateKey: String)? = nil, allowsPlainHTTPElsewhere: Bool = false,
        maximumBodySize: Int = 1 << 20
    ) {
        self.host = host
        self.port = port
        self.token = token ?? ConsoleToken.random().text
        self.tls = tls
        self.allowsPlainHTTPElsewhere = allowsPlainHTTPElsewhere
        self.maximumBodySize = maximumBodySize
    }

    /// Whether ``host`` is a loopback address: `127.0.0.0/8`, `::1` or `localhost`.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// Checks that the configuration is safe to listen with.
    ///
    /// - Throws: ``ConsoleError`` when a non-loopback address is asked for without TLS or the explicit permission,
    ///   or the token is too short to guess only with great effort (fewer than 16 characters).
    public func validate() throws {
        if !isLoopback, tls == nil, !allowsPlainHTTPElsewhere {
            throw ConsoleError(
                .badRequest,
                "refusing to serve plain HTTP on \(host), which is not a loopback address: anyone on the network "
                    + "could read the token; give a certificate and key for HTTPS, or say the network is trusted "
                    + "with --allow-plain-http-elsewhere")
        }
        if token.count < 16 {
            throw ConsoleError(.badRequest, "the access token must have at least 16 characters")
        }
        guard (0...65_535).contains(port) else { throw ConsoleError(.badRequest, "the port must be 0 to 65535") }
    }
}

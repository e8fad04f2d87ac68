internal import Foundation
internal import HTTPTypes
internal import Hummingbird

/// What every request passes before a route sees it, and what every response carries:
///
/// - The `Host` must name this console (the loopback names, or the address it listens on), so that a page on another
///   site whose name resolves to 127.0.0.1 (DNS rebinding) is refused.
/// - The access token, from the console's cookie or `Authorization: Bearer …`; `GET /?token=…` sets the cookie and
///   sends the browser on to `/`, so the token leaves the address bar. Without it, 401 and no page.
/// - A request that changes state (any method but GET and HEAD) must not come from another origin (`Origin`), and,
///   when it is authorized by the cookie, must carry the page's CSRF token (a form's `csrf` field, checked by the
///   route, or the `X-CSRF-Token` header).
/// - Every response: a Content-Security-Policy that allows only the console's own script, style and connections, no
///   framing, no referrer to other sites, no caching, no content sniffing.
struct ConsoleGuard<Context: RequestContext>: RouterMiddleware {
    let token: ConsoleToken
    let csrf: ConsoleToken
    let cookieName: String
    /// The host names (without a port) the console answers to.
    let allowedHosts: Set<String>

    static var securityHeaders: HTTPFields {
        [
            .contentSecurityPolicy:
                "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
                + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            HTTPField.Name("X-Frame-Options")!: "DENY",
            // `same-origin`, not `no-referrer`: with `no-referrer` a browser sends `Origin: null` on the page's own form posts.
            HTTPField.Name("Referrer-Policy")!: "same-origin",
            .cacheControl: "no-store",
        ]
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await checked(request, context: context, next: next)
        } catch let error as ConsoleError {
            response = ConsoleResponses.error(error, for: request)
        }
        for field in Self.securityHeaders { response.headers[field.name] = field.value }
        return response
    }

    private func checked(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let host = request.head.authority, allows(host: host) else {
            throw ConsoleError(.forbidden, "this console does not answer to that host name")
        }
        let fields = try FormFields(request.uri.query ?? "")
        if request.method == .get, request.uri.path == "/", let given = fields["token"] {
            guard token.matches(given) else { throw ConsoleError(.unauthorized, "the token is not this console's") }
            var response = Response(status: .seeOther, headers: [.location: "/"])
            response.headers[.setCookie] = "\(cookieName)=\(token.text); Path=/; HttpOnly; SameSite=Strict"
            return response
        }
        let byHeader = bearer(request).map(token.matches)
        let byCookie = cookie(request).map(token.matches)
        guard byHeader == true || (byHeader == nil && byCookie == true) else {
            throw ConsoleError(.unauthorized, "open the address the console printed when it started (with its token)")
        }
        if request.method != .get, request.method != .head {
            if let origin = request.headers[.origin], origin != "http://\(host)", origin != "https://\(host)" {
                throw ConsoleError(.forbidden, "a request from another origin (\(origin)) may not change settings")
            }
            let isForm = request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true
            if byHeader == nil, !isForm, !(request.headers[ConsoleGuard.csrfHeader].map(csrf.matches) ?? false) {
                throw ConsoleError(.forbidden, "the request lacks the page's CSRF token")
            }
        }
        return try await next(request, context)
    }

    /// Whether the console answers to `host` (a `Host` header or an authority, with or without a port).
    func allows(host: String) -> Bool { allowedHosts.contains(Self.name(ofHost: host.lowercased())) }

    /// `localhost` for `localhost:8086`, `[::1]` for `[::1]:8086`.
    static func name(ofHost host: String) -> String {
        if host.hasPrefix("["), let end = host.firstIndex(of: "]") { return String(host[...end]) }
        return String(host.prefix { $0 != ":" })
    }

    static var csrfHeader: HTTPField.Name { HTTPField.Name("X-CSRF-Token")! }

    private func bearer(_ request: Request) -> Substring? {
        guard let value = request.headers[.authorization], value.hasPrefix("Bearer ") else { return nil }
        return value.dropFirst("Bearer ".count)
    }

    private func cookie(_ request: Request) -> Substring? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " }
                if trimmed.hasPrefix(cookieName + "=") { return trimmed.dropFirst(cookieName.count + 1) }
            }
        }
        return nil
    }
}

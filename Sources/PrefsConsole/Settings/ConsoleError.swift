/// A request the console refuses, with the HTTP status it answers and a message for people. Never quotes a secret.
public struct ConsoleError: Error, Sendable, CustomStringConvertible {
    /// The kind of refusal, which decides the status code.
    public enum Kind: Sendable {
        /// 400: the request's body or parameters cannot be read.
        case badRequest
        /// 401: no token, or a wrong one.
        case unauthorized
        /// 403: a state-changing request from another origin or without the page's CSRF token.
        case forbidden
        /// 404: no such key, version or page.
        case notFound
        /// 413: the body is larger than the console accepts.
        case tooLarge
        /// 422: a value the key's editor refuses; nothing was written.
        case invalidValue
        /// 503: the store could not be read or written.
        case unavailable
    }

    /// The kind of refusal.
    public let kind: Kind
    /// What went wrong, for people.
    public let message: String

    /// An error.
    ///
    /// - Parameters:
    ///   - kind: The kind of refusal.
    ///   - message: What went wrong.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// The HTTP status code.
    var statusCode: Int {
        switch kind {
        case .badRequest: 400
        case .unauthorized: 401
        case .forbidden: 403
        case .notFound: 404
        case .tooLarge: 413
        case .invalidValue: 422
        case .unavailable: 503
        }
    }
}

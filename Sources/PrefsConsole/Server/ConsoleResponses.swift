internal import HTTPTypes
internal import Hummingbird

/// The console's responses: JSON for the API, HTML for the page, the event stream's text.
enum ConsoleResponses {
    static func json(_ value: JSONText.Value, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: JSONText.text(value) + "\n")))
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    /// An error: `{"error": …}` for the API, a short page for a browser.
    static func error(_ error: ConsoleError, for request: Request) -> Response {
        let status = HTTPResponse.Status(code: error.statusCode)
        if request.uri.path.hasPrefix("/api/") {
            return json(.object([("error", .string(error.message))]), status: status)
        }
        return html(ErrorPage.html(error), status: status)
    }
}

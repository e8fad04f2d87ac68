internal import Foundation
internal import HTTPTypes
internal import Hummingbird
internal import Prefs
internal import PrefsEditors
internal import ServiceLifecycle

extension ConsoleRoutes {
    func addAPI(to router: Router<BasicRequestContext>) {
        router.get("/api/status") { _, _ in
            ConsoleResponses.json(
                .object([
                    ("title", .string(settings.title)),
                    ("keepsHistory", .bool(settings.keepsHistory)),
                    ("connection", .optional(settings.connectionState)),
                ]))
        }
        router.get("/api/keys") { _, _ in
            ConsoleResponses.json(.object([("keys", .array(try await states().map(KeyJSON.value(of:))))]))
        }
        router.get("/api/keys/{name}") { _, context in
            ConsoleResponses.json(KeyJSON.value(of: try await state(of: try Self.name(context))))
        }
        router.put("/api/keys/{name}") { request, context in
            var request = request
            let body = try Self.object(try await request.text(upTo: console.configuration.maximumBodySize))
            let edit: Edit
            switch (body["json"], body["text"], body["control"]) {
            case (.string(let json)?, nil, _): edit = .json(json)
            case (nil, .string(let text)?, .string(let control)?):
                guard let control = PreferenceControl(rawValue: control) else {
                    throw ConsoleError(.badRequest, "\"control\" is not one of the editor's controls")
                }
                edit = .text(text, control)
            default:
                throw ConsoleError(
                    .badRequest, "the body must be {\"json\": \"…\"} or {\"text\": \"…\", \"control\": \"…\"}")
            }
            let state = try await apply(edit, to: try Self.name(context), reason: body["reason"]?.stringValue)
            return ConsoleResponses.json(KeyJSON.value(of: state))
        }
        router.delete("/api/keys/{name}") { request, context in
            let state = try await apply(.reset, to: try Self.name(context), reason: try request.queryFields["reason"])
            return ConsoleResponses.json(KeyJSON.value(of: state))
        }
        router.post("/api/keys/{name}/rollback") { request, context in
            var request = request
            let body = try Self.object(try await request.text(upTo: console.configuration.maximumBodySize))
            guard let version = body["version"]?.stringValue.flatMap({ Int64($0) }) else {
                throw ConsoleError(.badRequest, "the body must be {\"version\": \"…\", \"reason\": \"…\"}")
            }
            let name = try Self.name(context)
            try await rollback(name, toVersion: version, reason: body["reason"]?.stringValue)
            return ConsoleResponses.json(KeyJSON.value(of: try await state(of: name)))
        }
        router.get("/api/history") { request, _ in
            let fields = try request.queryFields
            let limit = fields["limit"].flatMap { Int($0) } ?? 100
            let entries = try await history(of: fields["key"], limit: limit)
            let secrets = try await secretNames()
            return ConsoleResponses.json(
                .object([
                    ("entries", .array(entries.map { KeyJSON.value(of: $0, isSecret: secrets.contains($0.key)) }))
                ]))
        }
        router.get("/api/events") { request, _ in
            let limit = try request.queryFields["limit"].flatMap { Int($0) }
            return eventStream(limit: limit)
        }
    }

    /// `text/event-stream`: `ready` with the status first, then `change` with `{"key": name}` for each changed key
    /// (never a value: the page reads it through the API, where a secret stays hidden). Ends after `limit` changes
    /// when given, when the client goes away, or when the server shuts down.
    private func eventStream(limit: Int?) -> Response {
        let settings = settings
        let changes = settings.changedKeys()
        let body = ResponseBody { writer in
            let ready = JSONText.text(
                .object([("title", .string(settings.title)), ("connection", .optional(settings.connectionState))]))
            try await writer.write(ByteBuffer(string: "retry: 1000\nevent: ready\ndata: \(ready)\n\n"))
            var sent = 0
            for await name in changes.cancelOnGracefulShutdown() {
                let data = JSONText.text(.object([("key", .string(name))]))
                try await writer.write(ByteBuffer(string: "event: change\ndata: \(data)\n\n"))
                sent += 1
                if let limit, sent >= limit { break }
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream; charset=utf-8"], body: body)
    }

    /// The `{name}` path parameter, percent-decoded.
    static func name(_ context: BasicRequestContext) throws -> String {
        guard let raw = context.parameters.get("name") else {
            throw ConsoleError(.badRequest, "the path names no key")
        }
        return try FormFields.decode(raw, plusIsSpace: false)  // a `+` in a path is itself
    }

    /// A JSON object body.
    static func object(_ text: String) throws -> [String: PreferenceValue] {
        guard case .dictionary(let members)? = try? PreferenceJSON.value(parsing: text) else {
            throw ConsoleError(.badRequest, "the body is not a JSON object")
        }
        return members
    }
}

extension PreferenceValue {
    /// A string's text; nil for any other value.
    var stringValue: String? {
        if case .string(let string) = self { string } else { nil }
    }
}

internal import HTTPTypes
internal import Hummingbird
internal import PrefsEditors

extension ConsoleRoutes {
    func addPage(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in
            ConsoleResponses.html(try await page(query: try request.queryFields["q"] ?? "", errors: [:]))
        }
        router.get("/row") { request, _ in
            let name = try HTML.name(fromKeyField: try request.queryFields["key"] ?? "")
            let states = try await states()
            guard let index = states.firstIndex(where: { $0.editor.name == name }) else {
                throw ConsoleError(.notFound, "there is no key named '\(name)'")
            }
            let row = KeyRow(
                state: states[index], index: index, csrf: console.csrf.text, keepsHistory: settings.keepsHistory,
                error: nil)
            return ConsoleResponses.html(row.html)
        }
        router.post("/edit") { request, _ in
            let form = try await form(of: request)
            let name = try HTML.name(fromKeyField: form["key"] ?? "")
            let edit: Edit
            if form["action"] == "reset" {
                edit = .reset
            } else {
                guard let control = form["control"].flatMap(PreferenceControl.init(rawValue:)) else {
                    throw ConsoleError(.badRequest, "the form's control field is not one of the editor's controls")
                }
                edit = .text(form["text"] ?? "", control)
            }
            do {
                let state = try await apply(edit, to: name, reason: form["reason"])
                let states = try await states()
                let index = states.firstIndex { $0.editor.name == state.editor.name } ?? 0
                return ConsoleResponses.redirect(to: "/#key-\(index)")
            } catch let error as ConsoleError where error.kind == .invalidValue {
                let html = try await page(query: "", errors: [name: error.message])
                return ConsoleResponses.html(html, status: .unprocessableContent)
            }
        }
        router.get("/history") { request, _ in
            let key = try request.queryFields["key"]
            return ConsoleResponses.html(try await historyPage(key: key, error: nil))
        }
        router.post("/rollback") { request, _ in
            let form = try await form(of: request)
            let name = try HTML.name(fromKeyField: form["key"] ?? "")
            guard let version = form["version"].flatMap({ Int64($0) }) else {
                throw ConsoleError(.badRequest, "the form's version field is not a version")
            }
            do {
                try await rollback(name, toVersion: version, reason: form["reason"])
            } catch let error as ConsoleError where error.kind == .notFound {
                return ConsoleResponses.html(try await historyPage(key: name, error: error.message), status: .notFound)
            }
            return ConsoleResponses.redirect(to: "/history?key=\(name.addingQueryEscapes)")
        }
        router.get("/assets/console.js") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/javascript; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: ConsoleAssets.script)))
        }
        router.get("/assets/console.css") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/css; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: ConsoleAssets.style)))
        }
    }

    private func page(query: String, errors: [String: String]) async throws -> String {
        ConsolePage(
            title: settings.title, states: try await states(), csrf: console.csrf.text,
            keepsHistory: settings.keepsHistory, connection: settings.connectionState, query: query, errors: errors
        ).html
    }

    private func historyPage(key: String?, error: String?) async throws -> String {
        HistoryPage(
            title: settings.title, key: key, entries: try await history(of: key, limit: 200),
            secrets: try await secretNames(), csrf: console.csrf.text, error: error
        ).html
    }

    /// A form's fields, after checking its CSRF token.
    private func form(of request: Request) async throws -> FormFields {
        var request = request
        guard request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true else {
            throw ConsoleError(.badRequest, "the form must be application/x-www-form-urlencoded")
        }
        let fields = try FormFields(try await request.text(upTo: console.configuration.maximumBodySize))
        guard let given = fields["csrf"], console.csrf.matches(given) else {
            throw ConsoleError(.forbidden, "the form lacks the page's CSRF token: reload the page")
        }
        return fields
    }
}

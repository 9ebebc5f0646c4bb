import Testing

@testable import HTTPServer

@Suite("Router", .timeLimit(.minutes(10)))
struct RouterTests {
    private func router() -> Router {
        var router = Router()
        router.add(.get, "/healthz", immediate: { _ in .text("ok") })
        router.add(.post, "/healthz", immediate: { _ in .text("posted") })
        router.add(
            .get, "/books/:id/related",
            immediate: { request in
                .text("related \(request.pathParameters["id"] ?? "")")
            })
        router.add(.get, "/files/*rest", immediate: { request in .text(request.pathParameters["rest"] ?? "") })
        return router
    }

    private func respond(_ method: HTTPMethod, _ target: String) throws -> Response {
        var request = try Request(method: method, rawTarget: target)
        guard case .immediate(let handler) = router().handler(for: &request) else {
            Issue.record("expected an immediate handler")
            return Response()
        }
        do {
            return try handler(request)
        } catch let error as any HTTPResponseError {
            return error.response
        }
    }

    @Test("literal, parameter and catch-all routes")
    func matching() throws {
        #expect(try respond(.get, "/healthz").bodyBytes == Array("ok".utf8))
        #expect(try respond(.post, "/healthz").bodyBytes == Array("posted".utf8))
        #expect(try respond(.get, "/books/42/related").bodyBytes == Array("related 42".utf8))
        #expect(try respond(.get, "/files/a/b/c.txt").bodyBytes == Array("a/b/c.txt".utf8))
    }

    @Test("unknown paths are 404")
    func notFound() throws {
        #expect(try respond(.get, "/nope").status == 404)
        #expect(try respond(.get, "/books/42").status == 404)
        #expect(try respond(.get, "/files").status == 404)
    }

    @Test("wrong method is 405 with Allow")
    func methodNotAllowed() throws {
        let response = try respond(.delete, "/healthz")
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET, HEAD, POST")
        #expect(try respond(.put, "/books/1/related").headers["Allow"] == "GET, HEAD")
    }

    @Test("HEAD falls back to GET")
    func headUsesGet() throws {
        #expect(try respond(.head, "/healthz").status == 200)
    }
}

import Testing

@testable import HTTPServer

@Suite("Request target canonicalization", .timeLimit(.minutes(10)))
struct RequestTargetTests {
    @Test(
        "canonical paths",
        arguments: [
            ("/", "/"),
            ("/a/b", "/a/b"),
            ("/a//b/", "/a/b"),
            ("/a/./b", "/a/b"),
            ("/caf%C3%A9", "/café"),
            ("/a%20b?x=1", "/a b"),
            ("/static/app.js?v=2", "/static/app.js"),
            ("/a/b/", "/a/b"),
            ("/.well-known/x", "/.well-known/x"),
            ("/a/..b/c.", "/a/..b/c."),
            ("/img/wikipedia/a/ab/Caf%C3%A9.png", "/img/wikipedia/a/ab/Café.png"),
            ("/img/wikipedia/a/ab/Plain_Name-1.png", "/img/wikipedia/a/ab/Plain_Name-1.png"),
        ])
    func canonical(raw: String, path: String) throws {
        #expect(try RequestTarget(raw: raw).path == path)
    }

    @Test("IPv4 peers are written as inet_ntop writes them")
    func dottedQuad() {
        #expect(SocketAddress.dottedQuad(0x7F00_0001) == "127.0.0.1")
        #expect(SocketAddress.dottedQuad(0) == "0.0.0.0")
        #expect(SocketAddress.dottedQuad(0xFFFF_FFFF) == "255.255.255.255")
        #expect(SocketAddress.dottedQuad(0x0A64_0A09) == "10.100.10.9")
    }

    /// SECURITY.md T13: every one of these is refused before routing.
    @Test(
        "traversal and malformed targets are rejected",
        arguments: [
            "/../etc/passwd", "/static/../../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E/%2e%2e/x",
            "/static/..%2f..%2fetc/passwd", "/static/%2e%2e%2fsecret", "/..", "/static/..",
            "/a/%2e%2e", "/a\\..\\b", "/%5c..%5cwindows", "/static%5c..%5capp.js", "/x%00.js",
            "/index.html%00.png", "/%0d%0aSet-Cookie:x", "/a%zzb", "/a%2", "/%ff%fe",
            "http://evil.example/", "*", "relative/path",
        ])
    func rejected(raw: String) {
        #expect(throws: RequestTarget.Rejection.self) { try RequestTarget(raw: raw) }
    }

    @Test("query is kept raw")
    func rawQuery() throws {
        #expect(try RequestTarget(raw: "/s?q=a%2Bb+c&x").rawQuery == "q=a%2Bb+c&x")
        #expect(try RequestTarget(raw: "/s").rawQuery == "")
    }
}

@Suite("Query parameters", .timeLimit(.minutes(10)))
struct QueryParametersTests {
    @Test("plus is a space, %2B is a plus, raw bytes are kept")
    func plusAndEncodedPlus() {
        let query = QueryParameters(raw: "q=a%2Bb+c&lang=en&q=second&flag&%E6%9D%B1=%E4%BA%AC")
        #expect(query["q"] == "a+b c")
        #expect(query.values(for: "q") == ["a+b c", "second"])
        #expect(query.items[0].rawValue == "a%2Bb+c")
        #expect(query["flag"] == "")
        #expect(query["東"] == "京")
        #expect(query["missing"] == nil)
        #expect(query.raw == "q=a%2Bb+c&lang=en&q=second&flag&%E6%9D%B1=%E4%BA%AC")
    }

    @Test("malformed escapes are kept literally")
    func malformedEscape() {
        #expect(QueryParameters(raw: "q=100%")["q"] == "100%")
        #expect(QueryParameters(raw: "q=%zz")["q"] == "%zz")
    }
}

@Suite("Headers", .timeLimit(.minutes(10)))
struct HTTPHeadersTests {
    @Test("lookup ignores ASCII case, setting replaces")
    func caseInsensitive() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "X-A": "1"]
        headers.add(name: "x-a", value: "2")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers.values(for: "X-A") == ["1", "2"])
        headers["X-A"] = "3"
        #expect(headers.values(for: "x-a") == ["3"])
        #expect(!"ab".caseInsensitiveEquals("a["))
    }
}

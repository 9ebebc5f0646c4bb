import Testing

@testable import HTTPServer

/// The pure rules, one violation each.
@Suite("HTTP framing rules", .timeLimit(.minutes(10)))
struct RequestFramingRuleTests {
    @Test("each rule names what it refused")
    func rules() {
        func violation(_ method: String, _ version: String, _ headers: HTTPHeaders) -> String? {
            RequestFraming.violation(method: method, version: version, rawTarget: "/", headers: headers)?.description
        }
        #expect(violation("GET", "HTTP/1.1", ["Host": "x"]) == nil)
        #expect(
            violation("POST", "HTTP/1.1", ["Host": "x", "Content-Length": "1", "content-length": "1"])?.contains(
                "more than once") == true)
        #expect(
            violation("POST", "HTTP/1.1", ["Host": "x", "Content-Length": "1,1"])?.contains("whole number") == true)
        #expect(
            violation("POST", "HTTP/1.1", ["Host": "x", "Content-Length": "1", "Transfer-Encoding": "chunked"])?
                .contains("both") == true)
        #expect(
            violation("GET", "HTTP/1.1", ["Host": "x", "Transfer-Encoding": "chunked"])?.contains("GET or HEAD") == true
        )
        #expect(
            violation("POST", "HTTP/1.1", ["Host": "x", "Transfer-Encoding": "gzip"])?.contains("exactly 'chunked'")
                == true)
        #expect(violation("GET", "HTTP/1.1", [:])?.contains("no Host") == true)
        #expect(violation("GET", "HTTP/1.0", [:]) == nil)
        #expect(violation("GET", "HTTP/1.1", ["Host": "x", "host": "y"])?.contains("more than once") == true)
        #expect(violation("G T", "HTTP/1.1", ["Host": "x"])?.contains("method") == true)
        #expect(violation("GET", "HTTP/1.1", ["Host": "x", "X A": "1"])?.contains("header name") == true)
        #expect(violation("GET", "HTTP/1.1", ["Host": "x\ry"])?.contains("control bytes") == true)
    }
}

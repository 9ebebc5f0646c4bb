import Foundation
import Networking
import Testing

@Suite("Networking units", .timeLimit(.minutes(10)))
struct NetworkingUnitTests {
    @Test(
        "RFC 3986 encoding keeps only unreserved characters",
        arguments: [
            ("a+b&c=d#e", "a%2Bb%26c%3Dd%23e"), ("x y", "x%20y"), ("Zürich", "Z%C3%BCrich"),
            ("東京", "%E6%9D%B1%E4%BA%AC"), ("-._~AZaz09", "-._~AZaz09"), ("100%", "100%25"), ("a/b?c", "a%2Fb%3Fc"),
        ])
    func encoding(raw: String, encoded: String) {
        #expect(QueryEncoding.encode(raw) == encoded)
    }

    @Test("a query joins its pairs with & and encodes both sides of each")
    func query() {
        #expect(QueryEncoding.query([]) == "")
        #expect(QueryEncoding.query([(name: "q", value: "a&b=c")]) == "q=a%26b%3Dc")
        #expect(
            QueryEncoding.query([
                (name: "list", value: "search"), (name: "sr limit", value: "Zürich"), (name: "e", value: ""),
            ])
                == "list=search&sr%20limit=Z%C3%BCrich&e=")
    }

    @Test("User-Agent names Scout, its version and a contact")
    func userAgent() {
        #expect(UserAgent.make(contact: nil).hasPrefix("Scout/"))
        #expect(UserAgent.make(contact: nil).contains("(https://"))
        #expect(UserAgent.make(contact: "ops@example.org").hasSuffix("(ops@example.org)"))
        #expect(UserAgent.make(contact: "a\r\nX-Evil: 1").hasSuffix("(aX-Evil: 1)"))
    }

    @Test("Retry-After as seconds or as an HTTP date")
    func retryAfter() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.parse("7") == .seconds(7))
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:49:47 GMT", now: now) == .seconds(10))
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:49:00 GMT", now: now) == .zero)
        #expect(RetryAfter.parse("soon") == nil)
        #expect(RetryAfter.parse("-3") == nil)
    }

    @Test("circuit breaker: closed → open → half-open → closed or open again")
    func breakerStates() {
        var breaker = CircuitBreaker(threshold: 2, cooldown: .seconds(10))
        var permits: [Bool] = []
        permits.append(breaker.permit(at: .zero))
        breaker.record(success: false, at: .zero)
        #expect(breaker.state == .closed(failures: 1))
        permits.append(breaker.permit(at: .zero))
        breaker.record(success: false, at: .seconds(1))
        #expect(breaker.state == .open(until: .seconds(11)))
        permits.append(breaker.permit(at: .seconds(5)))  // still open
        permits.append(breaker.permit(at: .seconds(11)))  // the probe
        permits.append(breaker.permit(at: .seconds(11)))  // one probe at a time
        breaker.record(success: false, at: .seconds(12))
        #expect(breaker.state == .open(until: .seconds(22)))
        permits.append(breaker.permit(at: .seconds(22)))
        breaker.record(success: true, at: .seconds(22))
        #expect(breaker.state == .closed(failures: 0))
        #expect(permits == [true, true, false, true, false, true])
    }

    @Test("error sentences say what happened and what to do")
    func sentences() {
        #expect(
            APIError(kind: .timedOut(.seconds(3)), source: "Wikipedia").userMessage
                == "Wikipedia did not answer within 3 s. Retry?")
        #expect(
            APIError(kind: .rateLimited(retryAfter: .seconds(7)), source: "Flickr").userMessage
                == "Flickr asked Scout to slow down. Retry in 7 s.")
        #expect(APIError(kind: .offline, source: "Wikipedia").isOffline)
        #expect(!APIError(kind: .transport, source: "Wikipedia", details: "secret").description.contains("secret"))
    }
}

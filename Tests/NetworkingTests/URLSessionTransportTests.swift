import Foundation
import HTTPServer
import Networking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession stays the transport on Apple platforms; on Linux it is kept for comparison, and
/// only what cannot trip FoundationNetworking's cancellation defect is run here.
@Suite("URLSessionTransport", .timeLimit(.minutes(1)))
struct URLSessionTransportTests {
    @Test("a reply comes back whole; a declared length over the cap is refused; redirects are held")
    func basics() async throws {
        let upstream = ScriptedUpstream()
        upstream.enqueue(Response(status: 200, headers: ["X-Thing": "one"], bytes: Array("hello".utf8)))
        upstream.enqueue(Response(status: 200, bytes: [UInt8](repeating: 0, count: 4096)))
        upstream.enqueue(Response(status: 302, headers: ["Location": "/elsewhere"], bytes: []))
        try await upstream.serve { url in
            let transport = URLSessionTransport()
            let reply = try await transport.send(URLRequest(url: url), maxBytes: 1024, allowsRedirects: false)
            #expect(reply.status == 200 && reply.headers["x-thing"] == "one")
            #expect(String(decoding: reply.body, as: UTF8.self) == "hello")
            await #expect(throws: TransportError.tooLarge(limit: 1024)) {
                try await transport.send(URLRequest(url: url), maxBytes: 1024, allowsRedirects: false)
            }
            let redirect = try await transport.send(URLRequest(url: url), maxBytes: 1024, allowsRedirects: false)
            #expect(redirect.status == 302)
        }
    }
}

import HTTPServer
import ScoutServer
import Testing

@Suite("Client address behind a trusted proxy", .timeLimit(.minutes(10)))
struct ClientAddressTests {
    static func request(from peer: String, forwardedFor: [String] = []) throws -> Request {
        let headers = HTTPHeaders(forwardedFor.map { .init(name: "X-Forwarded-For", value: $0) })
        return try Request(
            method: .get, rawTarget: "/api/v1/search?q=a", headers: headers,
            remoteAddress: SocketAddress(host: peer, port: 40_000))
    }

    @Test("without trusted proxies the peer is the client, whatever the header says")
    func peerByDefault() throws {
        let clients = ClientAddress()
        #expect(clients.of(try Self.request(from: "198.51.100.4", forwardedFor: ["203.0.113.7"])) == "198.51.100.4")
    }

    @Test("behind a trusted proxy the client is the address it appended")
    func forwardedByTrustedProxy() throws {
        let clients = ClientAddress(trustedProxies: ["127.0.0.1"])
        #expect(clients.of(try Self.request(from: "127.0.0.1", forwardedFor: ["203.0.113.7"])) == "203.0.113.7")
        #expect(clients.of(try Self.request(from: "127.0.0.1")) == "127.0.0.1")
    }

    @Test("a client cannot pick its key: only the hop the trusted proxies appended counts")
    func spoofedHopsIgnored() throws {
        let clients = ClientAddress(trustedProxies: ["127.0.0.1", "10.0.0.2"])
        // The client sent "1.2.3.4"; the edge proxy 10.0.0.2 appended the client's real address,
        // and nginx on 127.0.0.1 appended 10.0.0.2.
        let request = try Self.request(from: "127.0.0.1", forwardedFor: ["1.2.3.4, 203.0.113.7, 10.0.0.2"])
        #expect(clients.of(request) == "203.0.113.7")
        let twoHeaders = try Self.request(from: "127.0.0.1", forwardedFor: ["1.2.3.4", "203.0.113.9"])
        #expect(clients.of(twoHeaders) == "203.0.113.9")
    }

    @Test("a header that is not a list of addresses is ignored")
    func garbageIgnored() throws {
        let clients = ClientAddress(trustedProxies: ["127.0.0.1"])
        for header in ["", "unknown", "203.0.113.7, <script>", "[::1]:80", String(repeating: "1", count: 60)] {
            #expect(clients.of(try Self.request(from: "127.0.0.1", forwardedFor: [header])) == "127.0.0.1", "\(header)")
        }
        #expect(clients.of(try Self.request(from: "127.0.0.1", forwardedFor: ["2001:db8::7"])) == "2001:db8::7")
    }

    @Test("the list of proxies is checked: an entry that is not an address says so")
    func parsing() throws {
        #expect(try ClientAddress.parse(" 10.0.0.5, ::1 ,") == ["10.0.0.5", "::1"])
        let error = #expect(throws: ClientAddress.InvalidProxy.self) {
            try ClientAddress.parse("10.0.0.5,nginx.internal")
        }
        #expect(error?.description.hasPrefix("'nginx.internal' is not an IP address") == true)
        #expect(throws: ClientAddress.InvalidProxy.self) { try ClientAddress.parse("cafe") }
    }
}

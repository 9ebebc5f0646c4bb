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

    @Test("junk left of the nearest proxy's hop is never read: the client is still that hop")
    func junkLeftOfTheClient() throws {
        let clients = ClientAddress(trustedProxies: ["127.0.0.1"])
        for header in ["garbage, 203.0.113.7", "<script>, 203.0.113.7", "203.0.113.8:x, 203.0.113.7", ",203.0.113.7"] {
            #expect(
                clients.of(try Self.request(from: "127.0.0.1", forwardedFor: [header])) == "203.0.113.7", "\(header)")
        }
    }

    @Test("junk where the client should be counts as the peer's own address")
    func junkAsThePeer() throws {
        let clients = ClientAddress(trustedProxies: ["127.0.0.1"])
        for header in ["", "unknown", "203.0.113.7, <script>", "1.2.3.4:port", String(repeating: "1", count: 60)] {
            #expect(clients.of(try Self.request(from: "127.0.0.1", forwardedFor: [header])) == "127.0.0.1", "\(header)")
        }
    }

    @Test(
        "a hop's port is dropped and its address written canonically; IPv6 is limited by its /64",
        arguments: [
            ("203.0.113.9:40001", "203.0.113.9"), ("203.0.113.9", "203.0.113.9"),
            ("[2001:DB8:0:7::1]:443", "2001:db8:0:7::/64"), ("[2001:db8:0:7::2]", "2001:db8:0:7::/64"),
            ("2001:0db8:0000:0007:ffff::3", "2001:db8:0:7::/64"), ("2001:db8:0:8::1", "2001:db8:0:8::/64"),
            ("::ffff:203.0.113.9", "203.0.113.9"), ("[::ffff:203.0.113.9]:80", "203.0.113.9"),
        ])
    func canonicalHops(hop: String, key: String) throws {
        let clients = ClientAddress(trustedProxies: ["127.0.0.1"])
        #expect(clients.of(try Self.request(from: "127.0.0.1", forwardedFor: ["198.51.100.1, \(hop)"])) == key)
    }

    @Test("peers and proxies are compared canonically; a direct IPv6 peer counts by its /64")
    func canonicalPeers() throws {
        let clients = ClientAddress(trustedProxies: ["2001:DB8::0001", "::ffff:10.0.0.2"])
        #expect(clients.trustedProxies == ["2001:db8::1", "10.0.0.2"])
        #expect(clients.of(try Self.request(from: "2001:db8::1", forwardedFor: ["203.0.113.7"])) == "203.0.113.7")
        #expect(
            clients.of(try Self.request(from: "10.0.0.2", forwardedFor: ["10.0.0.2, 203.0.113.7"])) == "203.0.113.7")
        #expect(clients.of(try Self.request(from: "2001:db8:5:6:7::9")) == "2001:db8:5:6::/64")
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

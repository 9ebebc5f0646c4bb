import Foundation
import ImageLoading
import Networking
import ScoutModels
import ScoutServer
import ScoutTestSupport
import Synchronization
import Testing

@Suite("ImageAllowlist (T1)", .timeLimit(.minutes(10)))
struct ImageAllowlistTests {
    static let publicResolver = HostResolver { _ in [IPAddress("198.35.26.112")!, IPAddress("2620:0:862:ed1a::2:b")!] }
    let thumbnail = "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/X.png/120px-X.png"

    @Test("an origin's exact host over https on 443 is allowed when it resolves only to public addresses")
    func originHost() async {
        let allowlist = ImageAllowlist(origins: [.wikimedia()], resolver: Self.publicResolver)
        #expect(await allowlist.allows(URL(string: thumbnail)!))
        #expect(await allowlist.allows(URL(string: "https://UPLOAD.wikimedia.org:443/x.png")!))
    }

    @Test("the same host is refused when any of its addresses is private, or when it does not resolve")
    func resolution() async {
        let mixed = HostResolver { _ in [IPAddress("198.35.26.112")!, IPAddress("127.0.0.1")!] }
        for resolver in [mixed, ImageProxyHarness.privateResolver, HostResolver { _ in [] }] {
            let allowlist = ImageAllowlist(origins: [.wikimedia()], resolver: resolver)
            #expect(await allowlist.allows(URL(string: thumbnail)!) == false)
        }
        let system = ImageAllowlist(origins: [ImageOrigin.wikimedia(base: URL(string: "https://localhost/")!)])
        #expect(await system.allows(URL(string: "https://localhost/x.png")!) == false)  // getaddrinfo: loopback
    }

    @Test("≥ 30 hostile URLs are refused before any resolution")
    func hostileURLs() async {
        let asked = ResolverLog()
        let allowlist = ImageAllowlist(
            origins: [.wikimedia()], explicitEntries: [.init(scheme: "http", host: "127.0.0.1", port: 8123)],
            resolver: HostResolver { host in
                asked.append(host)
                return [IPAddress("198.35.26.112")!]
            })
        let targets = HostileImageInputs.redirectTargets(
            canary: 9001, otherCanary: 9002, allowed: 8123, path: "/wikipedia/commons/thumb/a/ab/X.png/120px-X.png")
        #expect(targets.count >= 30)
        for target in targets {
            guard let url = URL(string: target) else { continue }
            #expect(await allowlist.allows(url) == false, "\(target)")
        }
        #expect(asked.hosts.isEmpty)
        #expect(await allowlist.allows(URL(string: "http://127.0.0.1:8123/x.png")!))
    }

    @Test("origins on http, other ports or IP literals are never in the implicit list")
    func implicitEntries() {
        let origins = [
            ImageOrigin.wikimedia(), ImageOrigin.wikimedia(source: "a", base: URL(string: "http://images.example/")!),
            ImageOrigin.wikimedia(source: "b", base: URL(string: "https://images.example:8443/")!),
        ]
        let allowlist = ImageAllowlist(origins: origins)
        #expect(allowlist.originEntries == [ImageAllowlist.Entry(host: "upload.wikimedia.org")])
    }

    @Test("an https origin written as an IP literal is still refused")
    func literalOrigin() async {
        let origin = ImageOrigin.wikimedia(source: "ip", base: URL(string: "https://198.35.26.112/")!)
        let allowlist = ImageAllowlist(origins: [origin], resolver: Self.publicResolver)
        #expect(await allowlist.allows(URL(string: "https://198.35.26.112/x.png")!) == false)
    }
}

/// Records the names a resolver was asked for.
final class ResolverLog: Sendable {
    private let state = Mutex<[String]>([])
    func append(_ host: String) { state.withLock { $0.append(host) } }
    var hosts: [String] { state.withLock { $0 } }
}

import Foundation
import HTTPServer
import ImageLoading
import ScoutServer
import ScoutTestSupport
import Testing

@Suite("ImageProxy SSRF (T1)", .timeLimit(.minutes(10)))
struct ImageProxySSRFTests {
    typealias Harness = ImageProxyHarness

    @Test("≥ 30 hostile redirect targets, a 4-hop chain and a loop: 100 % refused, the canary sees 0 connections")
    func hostileRedirects() async throws {
        try await withFakeImageHost { host in
            try await withCanaryListener(addresses: ["127.0.0.1", "127.0.0.2"]) { canary in
                let allowedPath = FakeImageHost.thumbnailPath(name: "Allowed")
                var targets = HostileImageInputs.redirectTargets(
                    canary: canary.port, otherCanary: canary.ports["127.0.0.2"]!, allowed: host.port, path: allowedPath)
                targets.append("https://upload.wikimedia.org" + allowedPath)  // resolves to 10.0.0.1 here
                #expect(targets.count >= 30)

                let proxy = Harness.proxy(for: host)
                try await Harness.serve(proxy) { port in
                    for (index, target) in targets.enumerated() {
                        let path = FakeImageHost.thumbnailPath(name: "Hostile\(index)")
                        host.setBehavior(.redirect(to: target), forPath: path)
                        let response = try await Harness.get(Harness.target(forPath: path), port: port)
                        #expect(response.status == 502, "redirect to \(target)")
                        #expect(Harness.errorCode(response) == "image_refused", "redirect to \(target)")
                        #expect(!response.text.contains("Hostile") && !response.text.contains("127.0.0"))
                    }

                    // A chain of four redirects on the allowed host: the fourth is not followed.
                    let chain = (1...5).map { FakeImageHost.thumbnailPath(name: "Chain\($0)") }
                    for (from, to) in zip(chain, chain.dropFirst()) {
                        host.setBehavior(.redirect(to: to), forPath: from)
                    }
                    let chained = try await Harness.get(Harness.target(forPath: chain[0]), port: port)
                    #expect(chained.status == 502)
                    #expect(Harness.errorCode(chained) == "image_redirect_loop")
                    #expect(!host.requests.contains { $0.path == chain[4] })

                    let loop = FakeImageHost.thumbnailPath(name: "Loop")
                    host.setBehavior(.redirect(to: host.url(forPath: loop).absoluteString), forPath: loop)
                    #expect(try await Harness.get(Harness.target(forPath: loop), port: port).status == 502)
                    #expect(host.requests.filter { $0.path == loop }.count == 4)
                }
                // Each hostile path was asked for once, and nothing was followed anywhere.
                for index in targets.indices {
                    let path = FakeImageHost.thumbnailPath(name: "Hostile\(index)")
                    #expect(host.requests.filter { $0.path == path }.count == 1)
                }
                #expect(!host.requests.contains { $0.path == allowedPath })
                #expect(canary.connectionCount == 0)
                #expect(proxy.loader.counters.downloads == 0 && proxy.loader.counters.memoryBytes == 0)
            }
        }
    }

    @Test("≥ 30 hostile keys: 404 from respond(to:source:key:) and 400/404 through the server; nothing goes upstream")
    func hostileKeys() async throws {
        try await withFakeImageHost { host in
            try await withCanaryListener { canary in
                let proxy = Harness.proxy(for: host)
                let request = try Request(method: .get, rawTarget: "/img/wikipedia/x")
                #expect(HostileImageInputs.keys.count >= 30)
                for key in HostileImageInputs.keys {
                    let response = await proxy.respond(to: request, source: "wikipedia", key: key)
                    #expect(response.status == 404, "\(key)")
                    let body = String(decoding: response.bodyBytes ?? [], as: UTF8.self)
                    #expect(key.isEmpty || !body.contains(key))
                }
                // Through the server, empty segments collapse before routing (`//x` is `/x`), so a
                // few hostile keys arrive as the one valid key; every other one is 400 or 404.
                let canonical = FakeImageHost.thumbnailPath(name: "X")
                try await Harness.serve(proxy) { port in
                    for key in HostileImageInputs.keys where key.utf8.count < 1000 {
                        let response = try await Harness.get("/img/wikipedia/" + Self.requestLineSafe(key), port: port)
                        let collapsed = "/" + key.split(separator: "/").joined(separator: "/")
                        let expected = collapsed == canonical ? [200] : [400, 404]
                        #expect(expected.contains(response.status), "\(key) → \(response.status)")
                    }
                }
                #expect(host.requests.allSatisfy { $0.rawTarget == canonical })
                #expect(canary.connectionCount == 0)
            }
        }
    }

    /// The key as it could appear on a request line: bytes that cannot (controls, space, `#`,
    /// `?`, non-ASCII) percent-encoded; `%`, `\`, `.` and `/` left exactly as they are.
    static func requestLineSafe(_ key: String) -> String {
        var text = ""
        for byte in key.utf8 {
            if byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "?") {
                text += String(format: "%%%02X", byte)
            } else {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return text
    }
}

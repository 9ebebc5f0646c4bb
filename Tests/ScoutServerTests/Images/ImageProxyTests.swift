import Foundation
import HTTPServer
import ImageLoading
import ScoutModels
import ScoutServer
import ScoutTestSupport
import Testing

@Suite("ImageProxy end to end", .timeLimit(.minutes(10)))
struct ImageProxyTests {
    typealias Harness = ImageProxyHarness

    @Test("serves each format under its sniffed Content-Type with immutable caching and nosniff")
    func servesImages() async throws {
        try await withFakeImageHost { host in
            try await Harness.serve(Harness.proxy(for: host)) { port in
                for format in TestImage.Format.allCases {
                    let path = FakeImageHost.thumbnailPath(name: "Zurich", format: format, width: 64)
                    let response = try await Harness.get(Harness.target(forPath: path), port: port)
                    #expect(response.status == 200)
                    #expect(response.headers["Content-Type"] == format.mimeType)
                    #expect(response.headers["Cache-Control"] == "public, max-age=86400, immutable")
                    #expect(response.headers["X-Content-Type-Options"] == "nosniff")
                    #expect(response.headers["Content-Security-Policy"] == "default-src 'none'")
                    #expect(response.body == TestImage.make(format, width: 64, height: 48))
                }
                #expect(host.requests.count == 4)
                #expect(host.requests.allSatisfy { $0.userAgent == "Scout/test (tests@example.org)" })
            }
        }
    }

    @Test("the upstream's Content-Type never reaches the browser; the sniffed one does")
    func sniffedType() async throws {
        try await withFakeImageHost { host in
            let path = FakeImageHost.thumbnailPath(name: "Lying", format: .png)
            host.setBehavior(.wrongContentType("text/html; charset=utf-8"), forPath: path)
            try await Harness.serve(Harness.proxy(for: host)) { port in
                let response = try await Harness.get(Harness.target(forPath: path), port: port)
                #expect(response.status == 200)
                #expect(response.headers["Content-Type"] == "image/png")
            }
        }
    }

    @Test("unknown sources and keys that do not validate are 404, and nothing goes upstream")
    func notFound() async throws {
        try await withFakeImageHost { host in
            try await Harness.serve(Harness.proxy(for: host)) { port in
                let valid = FakeImageHost.key(forPath: FakeImageHost.thumbnailPath(name: "X"))
                for target in [
                    "/img/flickr/\(valid)", "/img/nope/\(valid)", "/img/wikipedia/robots.txt",
                    "/img/wikipedia/wikipedia/commons/thumb/a/ab/X.png/120px-X.svg",
                    "/img/wikipedia/wikipedia/commons/thumb/a/ab/X.png", "/img/wikipedia//evil.example/x.png",
                    "/img/wikipedia/wikipedia/commons/thumb/a/ab/%252e%252e/120px-X.png",
                    "/img/wikipedia/wikipedia/commons/thumb/a/ab/X%3AY.png/120px-X.png",
                ] {
                    let response = try await Harness.get(target, port: port)
                    #expect(response.status == 404, "\(target)")
                    #expect(Harness.errorCode(response) == "image_not_found")
                    #expect(!response.text.contains("evil") && !response.text.contains("robots"))
                }
                #expect(host.requests.isEmpty)
            }
        }
    }

    @Test("non-images and failed upstreams are 502; a missing upstream image is 404")
    func upstreamFailures() async throws {
        try await withFakeImageHost { host in
            let cases: [(FakeImageHost.Behavior, Int, String?)] = [
                (
                    .bytes(Array("<html><script>alert(1)</script></html>".utf8), contentType: "image/png"), 502,
                    "not_an_image"
                ),
                (
                    .bytes(Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), contentType: "image/svg+xml"), 502,
                    "not_an_image"
                ),
                (.bytes([], contentType: "image/jpeg"), 502, "not_an_image"),
                (.status(500), 502, "image_upstream_unavailable"),
                (.status(403), 502, "image_upstream_error"),
                (.status(404), 404, "image_not_found"),
                (.redirect(to: "", status: 302), 502, nil),  // URLSession itself fails on an empty Location
            ]
            try await Harness.serve(Harness.proxy(for: host)) { port in
                for (index, (behavior, status, code)) in cases.enumerated() {
                    let path = FakeImageHost.thumbnailPath(name: "Fail\(index)", format: .png)
                    host.setBehavior(behavior, forPath: path)
                    let response = try await Harness.get(Harness.target(forPath: path), port: port)
                    #expect(response.status == status, "case \(index)")
                    if let code { #expect(Harness.errorCode(response) == code, "case \(index)") }
                    #expect(response.headers["Content-Type"] == "application/json")
                    #expect(!response.text.contains("Fail\(index)") && !response.text.contains("127.0.0.1"))
                }
            }
        }
    }

    @Test("the fake host is refused unless explicitly allowlisted: 502 and no request reaches it")
    func allowlistRequired() async throws {
        try await withFakeImageHost { host in
            try await Harness.serve(Harness.proxy(for: host, allowingFakeHost: false)) { port in
                let path = FakeImageHost.thumbnailPath(name: "X")
                let response = try await Harness.get(Harness.target(forPath: path), port: port)
                #expect(response.status == 502)
                #expect(Harness.errorCode(response) == "image_refused")
                #expect(host.requests.isEmpty)
            }
        }
    }

    @Test("an origin host that resolves to a private address is refused (DNS check)")
    func privateResolution() async throws {
        try await withFakeImageHost { host in
            try await Harness.serve(Harness.proxy(for: host)) { port in
                let target = Harness.target(forPath: FakeImageHost.thumbnailPath(name: "X"), source: "commons")
                let response = try await Harness.get(target, port: port)
                #expect(response.status == 502)
                #expect(Harness.errorCode(response) == "image_refused")
            }
        }
    }

    @Test("a hanging upstream is 504 within the deadline")
    func timeout() async throws {
        try await withFakeImageHost { host in
            host.inject(.hang)
            let proxy = Harness.proxy(for: host) { $0.deadline = .milliseconds(400) }
            try await Harness.serve(proxy) { port in
                let started = ContinuousClock.now
                let response = try await Harness.get(
                    Harness.target(forPath: FakeImageHost.thumbnailPath(name: "Slow")), port: port)
                #expect(response.status == 504)
                #expect(Harness.errorCode(response) == "image_timed_out")
                #expect(ContinuousClock.now - started < .milliseconds(400) + Harness.timingSlack)
            }
        }
    }

    @Test("a body over the byte cap is refused with a clear 502")
    func byteCap() async throws {
        try await withFakeImageHost { host in
            let path = FakeImageHost.thumbnailPath(name: "Huge", format: .png)
            host.setBehavior(.oversized(byteCount: 2 * 1_048_576, declaresLength: false), forPath: path)
            let proxy = Harness.proxy(for: host) { $0.maxBytes = 1_048_576 }
            try await Harness.serve(proxy) { port in
                let response = try await Harness.get(Harness.target(forPath: path), port: port)
                #expect(response.status == 502)
                #expect(Harness.errorCode(response) == "image_too_large")
                #expect((try? response.json())?["error"]?["message"]?.stringValue?.contains("1 MiB") == true)
            }
        }
    }

    @Test("proxy paths made by ImageOrigin survive the server's percent-decoding (Barc_(Eure,_Fr)_église…)")
    func proxyPathRoundTrip() async throws {
        try await withFakeImageHost { host in
            let file = "Barc_%28Eure%2C_Fr%29_%C3%A9glise_Saint-Cr%C3%A9pin-Saint-Cr%C3%A9pinien_%2802%29.JPG"
            let encodedPath = "/wikipedia/commons/thumb/1/1a/\(file)/140px-\(file)"
            let proxy = Harness.proxy(for: host)
            let origin = try #require(proxy.origins[.wikipedia])
            let proxyPath = try #require(origin.proxyPath(for: host.url(forPath: encodedPath)))
            #expect(proxyPath == "/img/wikipedia" + encodedPath)
            try await Harness.serve(proxy) { port in
                let response = try await Harness.get(proxyPath, port: port)
                #expect(response.status == 200)
                #expect(response.headers["Content-Type"] == "image/jpeg")
                #expect(host.requests.first?.rawTarget == encodedPath)
            }
        }
    }

    @Test("a second request is served from the proxy's cache")
    func cached() async throws {
        try await withFakeImageHost { host in
            let proxy = Harness.proxy(for: host)
            try await Harness.serve(proxy) { port in
                let target = Harness.target(forPath: FakeImageHost.thumbnailPath(name: "Twice", format: .gif))
                let first = try await Harness.get(target, port: port)
                let second = try await Harness.get(target, port: port)
                #expect(first.body == second.body && second.status == 200)
                #expect(host.requests.count == 1)
                #expect(proxy.loader.counters.memoryHits == 1)
            }
        }
    }
}

#if os(Linux)
    import Foundation
    import HTTPServer
    import Networking
    import ScoutTestSupport
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    @Suite("CurlTransport", .timeLimit(.minutes(2)))
    struct CurlTransportTests {
        static let mebibyte = 1024 * 1024

        func get(_ url: URL, headers: [String: String] = [:]) -> URLRequest {
            var request = URLRequest(url: url)
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            return request
        }

        @Test("status, headers (lower-cased) and body come back; the request's headers and Accept-Encoding go out")
        func reply() async throws {
            let upstream = ScriptedUpstream()
            upstream.enqueue(
                Response(
                    status: 201, headers: ["X-Thing": "one", "Content-Type": "text/plain"], bytes: Array("hello".utf8)))
            try await upstream.serve { url in
                let transport = CurlTransport()
                let reply = try await transport.send(
                    get(url, headers: ["User-Agent": "Scout/test (t@example.org)"]), maxBytes: 1024,
                    allowsRedirects: false)
                #expect(reply.status == 201)
                #expect(reply.headers["x-thing"] == "one")
                #expect(String(decoding: reply.body, as: UTF8.self) == "hello")
                #expect(upstream.received.first?.userAgent == "Scout/test (t@example.org)")
                let encodings = upstream.received.first?.acceptEncoding ?? ""
                #expect(encodings.contains("gzip") && encodings.contains("br"))
                #expect(transport.liveTransfers == 0)
            }
        }

        @Test("connections are kept alive and reused")
        func keepAlive() async throws {
            let upstream = ScriptedUpstream()
            try await upstream.serve { url in
                let transport = CurlTransport()
                for _ in 0..<20 { _ = try await transport.send(get(url), maxBytes: 1024, allowsRedirects: false) }
                #expect(Set(upstream.received.map(\.remotePort)).count == 1)
            }
        }

        /// What the kernel may take in for a connection beyond what the transport read: the
        /// receive buffer, which Linux grows up to `tcp_rmem`'s maximum (6 MiB) while the reader
        /// lags. SECURITY.md's bar for T16. A tighter 1 MiB failed on a loaded machine (the
        /// upstream sent cap + 1.08 MiB), while a transport that ignored the cap reads 1 GiB.
        static let kernelReceiveAllowance = 6 * mebibyte

        @Test("the byte cap stops an endless body at full speed: the upstream sent at most cap + 6 MiB (T16)")
        func endlessBody() async throws {
            try await withEndlessBodyServer { server in
                let transport = CurlTransport()
                let cap = 2 * Self.mebibyte
                await #expect(throws: TransportError.tooLarge(limit: cap)) {
                    try await transport.send(get(server.url), maxBytes: cap, allowsRedirects: false)
                }
                let total = await server.settledByteCount()
                let most = cap + Self.kernelReceiveAllowance
                print("endless body, cap \(cap) B: the upstream sent \(total) B (at most \(most))")
                #expect(total <= most)
                #expect(transport.liveTransfers == 0)
            }
        }

        @Test("a declared Content-Length over the cap stops the transfer before the body")
        func declaredLength() async throws {
            try await withEndlessBodyServer(declaredLength: 512 * Self.mebibyte) { server in
                let transport = CurlTransport()
                await #expect(throws: TransportError.tooLarge(limit: Self.mebibyte)) {
                    try await transport.send(get(server.url), maxBytes: Self.mebibyte, allowsRedirects: false)
                }
                let total = await server.settledByteCount()
                print("declared 512 MiB, cap 1 MiB: the upstream sent \(total) B")
                #expect(total <= Self.mebibyte)
            }
        }

        @Test("gzip bodies are decoded; a compressed bomb is stopped at the cap of what is kept")
        func compressedBodies() async throws {
            let small = try gzip(Array(#"{"ok":true}"#.utf8))
            let bomb = try gzip([UInt8](repeating: 0, count: 64 * Self.mebibyte))
            let upstream = ScriptedUpstream()
            upstream.enqueue(Response(status: 200, headers: ["Content-Encoding": "gzip"], bytes: small))
            upstream.enqueue(Response(status: 200, headers: ["Content-Encoding": "gzip"], bytes: bomb))
            try await upstream.serve { url in
                let transport = CurlTransport()
                let reply = try await transport.send(get(url), maxBytes: 1024, allowsRedirects: false)
                #expect(String(decoding: reply.body, as: UTF8.self) == #"{"ok":true}"#)
                #expect(bomb.count < Self.mebibyte)
                await #expect(throws: TransportError.tooLarge(limit: Self.mebibyte)) {
                    try await transport.send(get(url), maxBytes: Self.mebibyte, allowsRedirects: false)
                }
            }
        }

        @Test("redirects: delivered as they are unless allowed; followed ones only to http(s)")
        func redirects() async throws {
            let upstream = ScriptedUpstream()
            upstream.setFallback { request in
                switch request.path {
                case "/api/to-file": Response(status: 302, headers: ["Location": "file:///etc/passwd"], bytes: [])
                case "/api/to-ok": Response(status: 302, headers: ["Location": "/api/ok"], bytes: [])
                default: .json(bytes: Array(#"{"ok":true}"#.utf8))
                }
            }
            try await upstream.serve { url in
                let transport = CurlTransport()
                let held = try await transport.send(
                    get(url.appending(path: "to-ok")), maxBytes: 1024, allowsRedirects: false)
                #expect(held.status == 302 && held.headers["location"] == "/api/ok")
                let followed = try await transport.send(
                    get(url.appending(path: "to-ok")), maxBytes: 1024, allowsRedirects: true)
                #expect(followed.status == 200)
                let error = await #expect(throws: TransportError.self) {
                    try await transport.send(get(url.appending(path: "to-file")), maxBytes: 1024, allowsRedirects: true)
                }
                guard case .failed = error else {
                    Issue.record("a redirect to file: must fail, not \(String(describing: error))")
                    return
                }
            }
        }

        @Test("DNS rebinding: a name resolving to 127.0.0.1 at connect time never reaches the canary (T1)")
        func rebinding() async throws {
            try await withCanaryListener { canary in
                let name = "images.rebind.example"
                let url = URL(string: "http://\(name):\(canary.port)/x.png")!
                let pinned = CurlTransport(
                    configuration: .init(
                        connectPolicy: .publicAddresses(), resolve: ["\(name):\(canary.port):127.0.0.1"]))
                await #expect(throws: TransportError.addressRefused("127.0.0.1:\(canary.port)")) {
                    try await pinned.send(get(url), maxBytes: 1024, allowsRedirects: false)
                }
                // A redirect hop is pinned too: from an allowed fake to the canary's name.
                let upstream = ScriptedUpstream()
                upstream.setFallback { _ in Response(status: 302, headers: ["Location": url.absoluteString], bytes: [])
                }
                try await upstream.serve { upstreamURL in
                    let exception = ConnectAddress(IPAddress("127.0.0.1")!, port: upstreamURL.port!)
                    let transport = CurlTransport(
                        configuration: .init(
                            connectPolicy: .publicAddresses(except: [exception]),
                            resolve: ["\(name):\(canary.port):127.0.0.1"]))
                    await #expect(throws: TransportError.self) {
                        try await transport.send(get(upstreamURL), maxBytes: 1024, allowsRedirects: true)
                    }
                }
                #expect(canary.connectionCount == 0)
                // Without the policy the same request does connect: the test can fail.
                let unpinned = CurlTransport(configuration: .init(resolve: ["\(name):\(canary.port):127.0.0.1"]))
                _ = try? await unpinned.send(get(url), maxBytes: 1024, allowsRedirects: false)
                #expect(canary.connectionCount >= 1)
            }
        }

        /// `bytes` gzip-compressed by /bin/gzip.
        private func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/gzip")
            process.arguments = ["-c", "-n"]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let writer = Thread {
                input.fileHandleForWriting.write(Data(bytes))
                try? input.fileHandleForWriting.close()
            }
            writer.start()
            let compressed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Array(compressed)
        }
    }
#endif

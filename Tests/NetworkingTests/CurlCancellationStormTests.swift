#if os(Linux)
    import Foundation
    import HTTPServer
    import Networking
    import ScoutTestSupport
    import Synchronization
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    @Suite("CurlTransport cancellation storm", .timeLimit(.minutes(5)))
    struct CurlCancellationStormTests {
        /// How the storm's requests ended.
        struct Tally: Sendable, CustomStringConvertible {
            var answered = 0
            var cancelled = 0
            var failed = 0
            /// Cancelled on the slow path, whose headers come at once and body over 80 ms.
            var cancelledMidBody = 0
            var total: Int { answered + cancelled + failed }
            var description: String {
                "\(answered) answered, \(cancelled) cancelled (\(cancelledMidBody) mid-body), \(failed) failed"
            }
        }

        /// Paths of the fake: an answer at once, one after a pause (cancelled while waiting for
        /// headers), and a slow body (cancelled mid-body).
        static let paths = ["/api/fast", "/api/late", "/api/slow"]

        static func upstream() -> ScriptedUpstream {
            let upstream = ScriptedUpstream(recordsRequests: false)
            upstream.setFallback { request in
                switch request.path {
                case "/api/late":
                    // Slow in real time, so libcurl is still waiting for the head when cancelled.
                    try? await Task.sleep(for: .milliseconds(Int.random(in: 1...10)))
                    return .json(bytes: Array(#"{"ok":true}"#.utf8))
                case "/api/slow": return slowBody(chunkCount: 40)
                default: return .json(bytes: Array(#"{"ok":true}"#.utf8))
                }
            }
            return upstream
        }

        /// `count` requests, `concurrency` at a time, each cancelled after a random wait of 0 to
        /// 15 ms (0: before it connects) — or not at all, one in ten.
        static func storm(
            _ count: Int, through transport: CurlTransport, base: URL, random: inout SplitMix64, concurrency: Int = 48
        ) async -> Tally {
            let plans = (0..<count).map { _ in
                (
                    path: paths[Int(random.next() % 3)],
                    delay: random.next() % 10 == 0 ? nil : Duration.microseconds(Int64(random.next() % 15_000))
                )
            }
            return await withTaskGroup(of: Tally.self) { group in
                var tally = Tally()
                var next = 0
                func launch() {
                    let plan = plans[next]
                    next += 1
                    group.addTask {
                        let url = URL(string: base.absoluteString + plan.path.dropFirst("/api".count))!
                        let call = Task {
                            try await transport.send(URLRequest(url: url), maxBytes: 1 << 20, allowsRedirects: false)
                        }
                        if let delay = plan.delay {
                            // The storm is a race against libcurl's own thread: the cancellation
                            // lands at a random real moment of the transfer.
                            if delay > .milliseconds(1) { try? await Task.sleep(for: delay) }
                            call.cancel()
                        }
                        switch await call.result {
                        case .success: return Tally(answered: 1)
                        case .failure(is CancellationError):
                            return Tally(cancelled: 1, cancelledMidBody: plan.path == "/api/slow" ? 1 : 0)
                        case .failure: return Tally(failed: 1)
                        }
                    }
                }
                for _ in 0..<min(concurrency, count) { launch() }
                while let one = await group.next() {
                    tally.answered += one.answered
                    tally.cancelled += one.cancelled
                    tally.failed += one.failed
                    tally.cancelledMidBody += one.cancelledMidBody
                    if next < count { launch() }
                }
                return tally
            }
        }

        @Test(
            "10,000 requests cancelled at random points (before connect, awaiting headers, mid-body): every caller resumed once, no handle left, memory flat (T16)"
        )
        func storm() async throws {
            let upstream = Self.upstream()
            try await upstream.serve { base in
                // Enough connections that requests are cancelled in every state, not only queued.
                let transport = CurlTransport(configuration: .init(maxConnectionsPerHost: 64))
                var random = SplitMix64(seed: 0x5C0_07)
                // The allocator's and the fake server's first growth is not the transport's.
                let warmUp = await Self.storm(3_000, through: transport, base: base, random: &random)
                #expect(warmUp.total == 3_000)
                let before = ResidentMemory.bytes()
                let tally = await Self.storm(10_000, through: transport, base: base, random: &random)
                let after = ResidentMemory.bytes()
                print(
                    "cancellation storm: 10000 requests, \(tally); live transfers \(transport.liveTransfers); "
                        + "resident \(before / 1024) KiB → \(after / 1024) KiB")
                #expect(tally.total == 10_000)
                #expect(tally.cancelled > 3_000 && tally.cancelledMidBody > 1_000)
                #expect(tally.answered > 1_000)
                // Failures would be the fake refusing connections under the storm, not the transport.
                #expect(tally.failed < 100)
                #expect(transport.liveTransfers == 0)
                #expect(Double(after) <= Double(before) * 1.10)
            }
        }
    }
#endif

import Foundation
import HTTPServer
import Redis
import ScoutTestSupport
import Testing

/// Three `scout serve` processes sharing one Redis behind nginx, as `make fleet` runs them
/// (issue #15): one is killed with `kill -9` under load and no client sees a failure, and the
/// upstream slots it held come back within their 1 s lease, soon enough that the searches
/// waiting for them still answer.
@Suite(
    "scout serve fleet behind nginx", .timeLimit(.minutes(2)),
    .enabled(if: Requirement.nginx.mayRun, Comment(rawValue: Requirement.nginx.skipReason)))
struct FleetFailoverTests {
    /// Starts `scout serve` for the fleet and returns it with its port.
    private static func serve(redis: String, wikipedia: URL) async throws -> (ScoutProcess, UInt16) {
        let process = try ScoutProcess(
            [
                "serve", "--listen", "127.0.0.1:0", "--redis", redis, "--trusted-proxy", "127.0.0.1",
                "--connections-per-ip", "4096", "--client-rate", "100000", "--quiet",
            ], environment: ["SCOUT_WIKIPEDIA_API": wikipedia.absoluteString])
        let url = try await process.waitForOutput(matching: #"http://127\.0\.0\.1:[0-9]+/"#)
        return (process, try #require(UInt16(url.split(separator: ":").last!.dropLast())))
    }

    /// GETs every target at once, each on its own connection to `port`; their statuses.
    private static func statuses(port: UInt16, _ targets: [String]) async throws -> [Int] {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for target in targets {
                group.addTask { try await RawHTTPConnection(port: port, timeout: .seconds(30)).get(target).status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// Redis's clock, in ms: the slots' expiry times are on it.
    private static func redisTime(_ redis: RedisClient) async throws -> Int {
        let time = try await redis.send(["TIME"]).expectArray()
        return (Int(time[0].stringValue ?? "0") ?? 0) * 1000 + (Int(time[1].stringValue ?? "0") ?? 0) / 1000
    }

    @Test("kill -9 of one instance under load: no failed request through nginx, its slots back within their lease")
    func killOneUnderLoad() async throws {
        let pages = (1...40).map { FakeWikipedia.Page(pageID: $0, title: "Alpha \($0)") }
        try await PrivateRedisServer.with { server in
            try await withFakeWikipedia(pages: pages) { fake in
                fake.faults.latency = .milliseconds(300)
                let url = "redis://:\(server.password)@127.0.0.1:\(server.port)/0"
                var instances: [(ScoutProcess, UInt16)] = []
                for _ in 0..<3 { instances.append(try await Self.serve(redis: url, wikipedia: fake.baseURL)) }
                defer { for (process, _) in instances { process.signal(SIGKILL) } }
                let redis = RedisClient(url: server.url, connections: 1)
                try await TestNginx.with(upstreams: instances.map(\.1)) { port in
                    // The instance to kill holds all four of the host's slots: four searches of its own.
                    let slots = RedisArgument.string("scout:budget:127.0.0.1:slots")
                    let doomed = instances[1]
                    let held = (1...4).map { index in
                        Task { try? await RawHTTPConnection(port: doomed.1).get("/api/v1/search?q=doomed\(index)") }
                    }
                    _ = try await eventually(pollingEvery: .milliseconds(5)) {
                        try await redis.send(["ZCARD", slots]).integerValue == 4
                    }
                    let doomedSlots = try await redis.send(["ZRANGE", slots, 0, -1]).expectArray()
                        .compactMap(\.stringValue)
                    #expect(doomedSlots.count == 4, "the instance holds every slot when it is killed")

                    // 16 clients through nginx, 6 searches each, 12 distinct and new: every one of
                    // them needs a slot, and the fleet has none until the killed instance's expire.
                    let load = Task {
                        try await withThrowingTaskGroup(of: [Int].self) { group in
                            for client in 0..<16 {
                                group.addTask {
                                    var statuses: [Int] = []
                                    for round in 0..<6 {
                                        let reply = try await RawHTTPConnection(port: port, timeout: .seconds(30))
                                            .get("/api/v1/search?q=alpha\((client + round * 16) % 12)")
                                        statuses.append(reply.status)
                                    }
                                    return statuses
                                }
                            }
                            return try await group.reduce(into: []) { $0 += $1 }
                        }
                    }
                    // The load reaches nginx and the instances while the doomed one's four calls are
                    // still at the fake (300 ms each, real time: real processes): nothing reports
                    // a request queued for a slot, so the kill comes a tenth of a second in.
                    try await Task.sleep(for: .milliseconds(100))
                    doomed.0.signal(SIGKILL)
                    let killedAt = try await Self.redisTime(redis)
                    // Its slots were never given back: they end within a lease (1 s, renewed a
                    // third of it before the kill at the latest) of the kill.
                    let expiries = try await doomedSlots.asyncMap { slot in
                        try await redis.send(["ZSCORE", slots, .string(slot)]).stringValue.flatMap(Double.init)
                    }
                    #expect(
                        expiries.allSatisfy { ($0 ?? 0) <= Double(killedAt + 1_000 + 20) }, "\(expiries) vs \(killedAt)"
                    )
                    for search in held { await search.value }
                    let statuses = try await load.value
                    #expect(statuses.count == 96)
                    #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses.filter { $0 != 200 })")

                    // And the fleet has all four slots again: four new searches at once.
                    fake.recorder.resetMaxConcurrentRequests()
                    let replies = try await Self.statuses(port: port, (0..<4).map { "/api/v1/search?q=beta\($0)" })
                    #expect(replies == [200, 200, 200, 200])
                    #expect(fake.recorder.maxConcurrentRequests == 4, "every slot came back (HostPolicy's default 4)")
                    let left = try await redis.send(["ZRANGE", slots, 0, -1]).expectArray().compactMap(\.stringValue)
                    #expect(Set(left).isDisjoint(with: doomedSlots))
                }
                await redis.close()
            }
        }
    }
}

extension Sequence {
    /// `transform` of each element in turn, awaited one after another.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}

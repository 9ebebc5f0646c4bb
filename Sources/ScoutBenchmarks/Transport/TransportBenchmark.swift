import Foundation
import ScoutTestSupport

/// Issue 12's transport benchmark: the uncached paths of the server — every search distinct,
/// through the gateway to a fake Wikipedia; every thumbnail distinct, through the image proxy
/// to a fake image host; both fakes on 127.0.0.1 and answering at once — with ``CurlTransport``
/// and with ``URLSessionTransport``, side by side in one run.
///
/// Each transport gets a server of its own in this process (see ``TransportServers``), since
/// the transport is chosen where the app is built; wrk drives them in alternating rounds.
struct TransportBenchmark {
    var comparison = TransportComparison()
    /// Server threads: one, as in the other HTTP benchmarks, leaving the other core to wrk.
    var serverThreads = 1
    /// wrk's connections for searches: enough to keep both cores busy, few enough that no search
    /// queues near its 3 s upstream deadline, whose cancellation can crash URLSession mid-body.
    var searchConnections = 16

    func run() async throws {
        let candidates = [try TransportCandidate.curl(), TransportCandidate.urlSession]
        let alone = TransportAlone()
        let outcomes = try await alone.run(candidates)
        alone.print(outcomes)
        if outcomes.count == 2 {
            Self.printGoals(
                ratio: outcomes[0].requestsPerSecond / outcomes[1].requestsPerSecond,
                cpu: (outcomes[0].cpuPerThousand, outcomes[1].cpuPerThousand))
        }
        try await gateway(candidates)
        try await images(candidates)
    }

    private func gateway(_ candidates: [TransportCandidate]) async throws {
        let pages = (1...40).map { number in
            FakeWikipedia.Page(
                pageID: number, title: "Alpha \(number)", description: "Page \(number) of the transport benchmark",
                thumbnail: .init(
                    source: "https://upload.wikimedia.org/wikipedia/commons/a/ab/Alpha_\(number).jpg", width: 640,
                    height: 480))
        }
        var searchComparison = comparison
        searchComparison.wrk.connections = searchConnections
        let before = ServerCPU.threadIDs()
        try await withFakeWikipedia(pages: pages) { fake in
            fake.recorder.capacity = 16  // a full log costs the fake a copy per request
            let cpu = try await ServerCPU.excludingFake(since: before)
            let outcomes = try await TransportServers.withServers(
                candidates, threads: serverThreads,
                router: { TransportServers.gateway(fake: fake, transport: $0.make()) }
            ) { targets in
                for target in targets {
                    // Outside the benchmark's numbering: plain, and with a mark it never uses (U+0330).
                    for query in ["alpha", "a%CC%B0lpha"] {
                        let reply = try await fetch(port: target.port, "/api/v1/search?source=wikipedia&q=\(query)")
                        guard reply.contains("\"Alpha 20\"") else { throw BenchmarkError.unparsable("search", reply) }
                    }
                }
                return try await searchComparison.run(
                    targets, target: Self.searches, cpu: cpu, upstreamCalls: { fake.recorder.count })
            }
            searchComparison.print(
                outcomes, title: "Uncached /api/v1/search (distinct queries, 20 results each): curl vs URLSession",
                serverThreads: serverThreads)
            Self.printGoals(outcomes)
            Self.printSearchCPUGoal(outcomes)
        }
    }

    private func images(_ candidates: [TransportCandidate]) async throws {
        let image = TestImage.make(.png, width: 120, height: 90)
        let before = ServerCPU.threadIDs()
        try await withFakeImageHost { host in
            host.recorder.capacity = 16
            host.setDefaultBehavior(.bytes(image, contentType: "image/png"))
            let cpu = try await ServerCPU.excludingFake(since: before)
            let outcomes = try await TransportServers.withServers(
                candidates, threads: serverThreads, router: { TransportServers.imageProxy(host: host, candidate: $0) }
            ) { targets in
                for target in targets {
                    let size = try await fetch(
                        port: target.port, "/img/wikipedia/" + Self.probeImageKey,
                        options: ["-o", "/dev/null", "-w", "%{size_download}"])
                    guard Int(size) == image.count else { throw BenchmarkError.unparsable("/img/", size) }
                }
                return try await comparison.run(
                    targets, target: Self.thumbnails, cpu: cpu, upstreamCalls: { host.recorder.count })
            }
            comparison.print(
                outcomes,
                title: "Uncached /img/ (distinct keys, 120×90 PNG of \(image.count) bytes): curl vs URLSession",
                serverThreads: serverThreads)
            Self.printGoals(outcomes)
        }
    }

    /// The goals of issue 12: curl at least 1.5 times URLSession's request rate, at less CPU.
    private static func printGoals(_ outcomes: [TransportComparison.Outcome]) {
        guard outcomes.count == 2 else { return }
        let (curl, session) = (outcomes[0], outcomes[1])
        printGoals(
            ratio: curl.median.requestsPerSecond / session.median.requestsPerSecond,
            cpu: (curl.cpuPerThousand, session.cpuPerThousand))
    }

    private static func printGoals(ratio: Double, cpu: (curl: Double, session: Double)) {
        let isLower = cpu.curl < cpu.session
        print(
            """
            ratio curl/urlsession: \(ratio.formatted(decimals: 2)) (goal ≥ 1.50: \(ratio >= 1.5 ? "met" : "NOT met"))
            CPU per 1,000: curl \(cpu.curl.formatted(decimals: 2)) s, \
            urlsession \(cpu.session.formatted(decimals: 2)) s (goal: lower: \(isLower ? "met" : "NOT met"))
            """)
    }

    /// Issue 12's goal for Scout's own work: at most 1 ms of server CPU per uncached search.
    private static func printSearchCPUGoal(_ outcomes: [TransportComparison.Outcome]) {
        guard let curl = outcomes.first else { return }
        // CPU s per 1,000 upstream calls is ms per search: one upstream call each.
        let perSearch = outcomes.map { "\($0.name) \($0.cpuPerThousand.formatted(decimals: 2)) ms" }
        print(
            "server CPU per uncached search: \(perSearch.joined(separator: ", ")) "
                + "(goal: curl ≤ 1.00 ms: \(curl.cpuPerThousand <= 1 ? "met" : "NOT met"))")
    }

    /// `curl -sf options… URL` of `path`, on a thread of its own: the server answering it runs here.
    private func fetch(port: UInt16, _ path: String, options: [String] = []) async throws -> String {
        let arguments = ["-sf"] + options + ["http://127.0.0.1:\(port)\(path)"]
        return try await onOwnThread { try Command.run("curl", arguments) }
    }
}

import Foundation
import HTTPServer
import Networking
import ScoutServer
import ScoutTestSupport

/// Issue #16 item 3, `scout-bench chaos-soak` (`make soak`): a release `scout serve` against
/// fake Wikipedia, Commons and Flickr that misbehave as ``ChaosMix`` says, for 10 minutes,
/// while 50 ``TypingPerson``s type real queries at it from addresses of their own — after a
/// warm-up of the same typing that lasts until the gateway's search cache is full (at most
/// 5 minutes), so that memory after the first measured minute is past the cache filling up.
///
/// Goals: every reply well-formed (results or the documented error JSON, judged against the
/// server's own OpenAPI document) within the upstream deadline + 250 ms; no crash; resident
/// memory at the end within 10 % of the level after the first minute; every upstream budget
/// held as the fakes saw it (``BudgetCheck``). Prints the reply mix, latency percentiles, the
/// faults drawn, the budgets and memory, then the goals.
struct ChaosSoak {
    var settings = SoakSettings()
    var seed: UInt64 = 16
    var queryCount = 400

    /// Each fake on a loopback address of its own: Scout keeps one budget per host.
    static let hosts = (wikipedia: "127.0.0.11", commons: "127.0.0.12", flickr: "127.0.0.13")

    func run() async throws {
        guard SoakSettings.isRequested("chaos-soak") else { return }
        let titles = try SoakCatalog.titles()
        let script = TypingScript(titles: titles, count: queryCount, seed: seed)
        let hosts = Self.hosts
        try await SoakCatalog.withFakeWikimedia(titles: titles, at: (hosts.wikipedia, hosts.commons)) {
            wikipedia, commons in
            try await withFakeFlickr(
                photos: SoakCatalog.photos(Array(titles.prefix(SoakCatalog.photoCount))),
                configuration: .fakeUpstream(at: hosts.flickr)
            ) { flickr in
                try await soak(
                    upstreams: [
                        ("Wikipedia", hosts.wikipedia, wikipedia), ("Commons", hosts.commons, commons),
                        ("Flickr", hosts.flickr, flickr),
                    ],
                    script: script)
            }
        }
    }

    private func soak(upstreams: [(name: String, host: String, fake: any FakeService)], script: TypingScript)
        async throws
    {
        let mix = ChaosMix(seed: seed)
        for upstream in upstreams {
            upstream.fake.recorder.capacity = 1_000_000
            mix.install(on: upstream.fake.faults)
        }
        let url = { (index: Int) in SoakCatalog.url(upstreams[index].fake.baseURL, host: upstreams[index].host) }
        let server = try await SoakServer(
            arguments: [],
            environment: [
                "SCOUT_WIKIPEDIA_API": url(0), "SCOUT_COMMONS_API": url(1), "SCOUT_FLICKR_API": url(2),
                "FLICKR_API_KEY": FakeFlickr.defaultAPIKey, "SCOUT_CONTACT": "soak@example.org",
            ])
        var ending: String?
        defer { if ending == nil { _ = server.stop() } }
        let deadline = ScoutServerConfiguration(clock: ContinuousClock()).upstreamDeadline
        let tally = ReplyTally(
            contract: try await server.contract(), lateAfter: deadline + .milliseconds(250),
            forbidden: [FakeFlickr.defaultAPIKey])

        let clock = ContinuousClock()
        let loadBefore = WakeupLag.loadAverage()
        let lag = WakeupLag.start()
        let start = clock.now
        let pid = server.pid
        let port = server.port
        // The clients type through a warm-up and then the measured minutes; when the warm-up
        // ends is known only then, so they read the end time as they go.
        let end = SharedDeadline(start + settings.chaosWarmUp + settings.chaosDuration)
        async let typing: Void = withTaskGroup(of: Void.self) { group in
            for index in 0..<settings.clients {
                let person = TypingPerson(
                    address: "127.0.\(1 + index / 150).\(100 + index % 150)", port: port, script: script,
                    seed: seed &+ UInt64(index) &* 7_919)
                group.addTask { await person.type(until: { end.instant }, into: tally) }
            }
        }
        // Warm-up: until the gateway's cache is full (it keeps every search until it holds
        // `capacity`), so that the level after the first measured minute is not a cache still filling.
        let capacity = ScoutServerConfiguration(clock: ContinuousClock()).searchCacheCapacity
        while clock.now < start + settings.chaosWarmUp, tally.storedSearches < capacity {
            try? await clock.sleep(for: .seconds(1))
        }
        let measuredStart = clock.now
        let warmUp = start.duration(to: measuredStart)
        let storedAtWarmUp = tally.storedSearches
        end.instant = measuredStart + settings.chaosDuration
        let baselineAt = measuredStart + SoakSettings.baseline(of: settings.chaosDuration)
        async let memory = MemoryTrace.watch(pid: pid, baselineAt: baselineAt, until: end.instant)
        await typing
        let trace = await memory
        let finalBytes = server.residentBytes
        let healthy = await Self.isHealthy(port: port)
        let elapsed = start.duration(to: clock.now)
        let budgets = upstreams.map {
            BudgetCheck(name: $0.name, host: $0.host, recorder: $0.fake.recorder, mix: mix, duration: elapsed)
        }
        let errorLog = server.errorLog
        ending = server.stop()

        let summary = tally.summary
        print(
            "\nwarm-up: \(SoakSettings.label(warmUp)) of the same typing before the measured "
                + "\(SoakSettings.label(settings.chaosDuration)), until \(storedAtWarmUp) distinct searches had been "
                + "answered from upstream (the gateway caches \(capacity)); every reply of both is counted below")
        report(summary, upstreams: upstreams, mix: mix, budgets: budgets)
        print("\n" + lag.stop(loadBefore: loadBefore))
        if let analysis = Self.lateWikipedia(summary.lateReplies, fake: upstreams[0].fake) { print(analysis) }
        let lateByMinute = Dictionary(grouping: summary.lateReplies) { Int(($0.at - start) / .seconds(60)) }
        let longest = lag.longestByMinute
        print(
            "by minute since the start (late replies / longest wake-up lag): "
                + (0...(longest.keys.max() ?? 0)).map { minute in
                    "\(minute + 1): \(lateByMinute[minute]?.count ?? 0)/\((longest[minute] ?? .zero).milliseconds)"
                }.joined(separator: ", "))
        print(
            "\nscout serve resident memory: \(MemoryTrace.mebibytes(trace.baseline)) after the first measured "
                + "\(SoakSettings.label(baselineAt - measuredStart)), \(MemoryTrace.mebibytes(finalBytes)) at the end, "
                + "peak \(MemoryTrace.mebibytes(trace.peak)); stopped with \(ending ?? "?"); "
                + "\(errorLog.split(separator: "\n").count) line(s) on its standard error")
        print("  over time: \(trace.timeline)")
        for line in errorLog.split(separator: "\n").prefix(5) { print("  stderr: \(line)") }
        if !summary.examples.isEmpty {
            print("\nfirst replies that missed a goal:")
            for example in summary.examples { print("  \(example)") }
        }

        var goals = SoakGoals(soak: "chaos-soak")
        let judged = summary.replies + summary.transportFailures
        goals.add(
            "100 % of replies well-formed (results or the documented error JSON)",
            met: summary.malformed == 0 && summary.transportFailures == 0 && judged > 0,
            "\(summary.replies - summary.malformed) of \(judged); \(summary.transportFailures) without a reply")
        goals.add(
            "every reply within the deadline + 250 ms (\(tally.lateAfter.milliseconds))", met: summary.late == 0,
            "\(summary.late) late; slowest \(summary.all.maximum.milliseconds), p99 \(summary.all.p99.milliseconds)")
        let crashed = trace.lostProcess || !healthy || ending != "exit 0"
        goals.add(
            "0 crashes", met: !crashed,
            "\(healthy ? "/healthz 200 at the end" : "/healthz did not answer at the end"); "
                + "stopped with \(ending ?? "?") on SIGTERM")
        goals.addMemory(
            "resident memory at the end within 10 % of the level after \(SoakSettings.label(baselineAt - measuredStart))",
            trace: trace, end: finalBytes)
        goals.add(
            "every upstream budget held", met: budgets.allSatisfy(\.isHeld),
            budgets.map { "\($0.name) \($0.isHeld ? "held" : "NOT held")" }.joined(separator: ", "))
        try goals.finish()
    }

    private func report(
        _ summary: ReplyTally.Summary, upstreams: [(name: String, host: String, fake: any FakeService)],
        mix: ChaosMix, budgets: [BudgetCheck]
    ) {
        let total = max(1, summary.replies + summary.transportFailures)
        let title = "Chaos soak, \(SoakSettings.label(settings.chaosDuration)), \(settings.clients) clients typing"
        var replies = Report(title: "\(title): reply mix", columns: ["reply", "count", "share"])
        for (label, count) in summary.counts {
            replies.add([label, "\(count)", "\((Double(count) * 100 / Double(total)).formatted(decimals: 2)) %"])
        }
        replies.add(["(aborted by the client)", "\(summary.aborted)", ""])
        replies.print()

        let columns = ["replies", "p50", "p95", "p99", "max"]
        var latency = Report(title: "\(title): latency by reply", columns: ["reply"] + columns)
        for (label, sample) in summary.latencies { latency.add([label] + sample.cells) }
        latency.add(["all"] + summary.all.cells)
        latency.print()
        var sources = Report(title: "\(title): latency by source", columns: ["source"] + columns)
        for (source, sample) in summary.bySource { sources.add([source] + sample.cells) }
        sources.print()

        var drawn = Report(
            title: "\(title): what the fake upstreams did", columns: ["reply"] + ["planned"] + upstreams.map(\.name))
        let byLabel = Dictionary(grouping: ChaosMix.shares.indices, by: { ChaosMix.shares[$0].label })
        let counts = upstreams.map { upstream in
            Dictionary(grouping: upstream.fake.requests, by: { mix.share(of: $0).label }).mapValues(\.count)
        }
        for label in ChaosMix.shares.map(\.label).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
            let planned = byLabel[label, default: []].reduce(0) { $0 + ChaosMix.shares[$1].percent }
            drawn.add(["\(label)", "\(planned.formatted(decimals: 0)) %"] + counts.map { "\($0[label, default: 0])" })
        }
        drawn.print()

        var budgetTable = Report(
            title: "\(title): upstream budgets, as the fakes observed them", columns: BudgetCheck.columns)
        for budget in budgets { budgetTable.add(budget.row) }
        budgetTable.print()
        if let policy = budgets.first?.policy {
            let rate = policy.requestsPerSecond.formatted(decimals: 0)
            print(
                "allowed per host (HostPolicy() for hosts without one of their own): ≤ \(policy.maxConcurrent) in "
                    + "flight, \(rate) requests/s in bursts of \(policy.burst); none in the "
                    + "\(ChaosMix.retryAfterSeconds) s after a 429 (its first \(BudgetCheck.windowTolerance.milliseconds) "
                    + "excused: replies in transit)")
        }
        for budget in budgets where !budget.retryAfterOffsets.isEmpty {
            print(
                "\(budget.name): requests inside a Retry-After window came "
                    + budget.retryAfterOffsets.map { "+\($0.milliseconds)" }.joined(separator: ", ") + " after the 429")
        }
    }

    /// Of the late Wikipedia replies, how many searched upstream twice — a prefix search, then
    /// the full-text search that fills a short page — each call with its own deadline.
    static func lateWikipedia(_ late: [ReplyTally.LateReply], fake: any FakeService) -> String? {
        let wikipedia = late.filter { $0.source == "wikipedia" }
        guard !wikipedia.isEmpty else { return nil }
        func key(_ text: String) -> String {
            text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        var prefix: Set<String> = []
        var fullText: Set<String> = []
        for request in fake.requests {
            let parameters = request.parameters
            if let text = parameters["gpssearch"] { prefix.insert(key(text)) }
            if let text = parameters["gsrsearch"] { fullText.insert(key(text)) }
        }
        let twice = wikipedia.filter { reply in
            let text = key(reply.query ?? "")
            return prefix.contains(text) && fullText.contains(text)
        }
        let slowest = wikipedia.map(\.latency).max() ?? .zero
        return "late Wikipedia replies: \(wikipedia.count) (slowest \(slowest.milliseconds)); the search of "
            + "\(twice.count) of them went upstream twice: a prefix search, then a full-text search to fill the page, "
            + "each with a deadline of its own; other sources: \(late.count - wikipedia.count) late"
    }

    /// Whether `/healthz` answers 200.
    static func isHealthy(port: UInt16) async -> Bool {
        guard let connection = try? RawHTTPConnection(port: port, timeout: .seconds(5)) else { return false }
        return (try? await connection.get("/healthz").status) == 200
    }
}

import Foundation
import HTTPServer
import ImageLoading
import ScoutServer
import ScoutTestSupport

/// Issue #16 item 4, `scout-bench load-soak` (`make soak`): a release `scout serve` under 50
/// clients for 5 minutes — wrk with a Lua script on cached searches (Wikipedia, Commons and the
/// book catalog through the gateway), cached thumbnails through `/img/` and the book routes
/// (`/api/v1/books/search`, `/map`, `…/related`), plus one client searching what nobody asked
/// before at a pace the upstream budget allows — then slowloris (`slowhttptest -c 500 -H`)
/// against it while a client on 127.0.0.2 searches.
///
/// Goals: 0 errors; p99 < 100 ms on the cached routes; resident memory at the end within 10 %
/// of the level after the first minute; no crash; the 127.0.0.2 client's p99 < 200 ms under
/// slowloris.
struct LoadSoak {
    var settings = SoakSettings()
    var imageCount = 40
    var cachedQueries = (wikipedia: 40, commons: 20, books: 10)
    /// One uncached search every this long (half Wikipedia, half Commons): well inside the
    /// budget of 10 requests a second, a Wikipedia search costing up to two.
    var uncachedInterval = Duration.milliseconds(500)
    /// How often each probe sends a request.
    var probeInterval = Duration.milliseconds(10)
    /// Upstream latency of the fakes (so that every upstream request is counted in flight).
    var upstreamLatency = Duration.milliseconds(5)

    static let hosts = (wikipedia: "127.0.0.21", commons: "127.0.0.22", images: "127.0.0.24")

    func run() async throws {
        guard SoakSettings.isRequested("load-soak") else { return }
        let titles = try SoakCatalog.titles()
        let hosts = Self.hosts
        try await SoakCatalog.withFakeWikimedia(titles: titles, at: (hosts.wikipedia, hosts.commons)) {
            wikipedia, commons in
            try await withFakeImageHost(configuration: .fakeUpstream(at: hosts.images)) { images in
                try await soak(wikipedia: wikipedia, commons: commons, images: images, titles: titles)
            }
        }
    }

    private func soak(wikipedia: FakeWikipedia, commons: FakeCommons, images: FakeImageHost, titles: [String])
        async throws
    {
        let hosts = Self.hosts
        for fake in [wikipedia, commons] as [any FakeService] {
            fake.faults.latency = upstreamLatency
            fake.recorder.capacity = 1_000_000
        }
        let directory = FileManager.default.temporaryDirectory.appending(path: "scout-load-soak-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let imageBase = SoakCatalog.url(images.baseURL, host: hosts.images)
        let imagePaths = try await warmImages(base: imageBase, cache: directory.appending(path: "cache"))
        let environment = [
            "SCOUT_WIKIPEDIA_API": SoakCatalog.url(wikipedia.baseURL, host: hosts.wikipedia),
            "SCOUT_COMMONS_API": SoakCatalog.url(commons.baseURL, host: hosts.commons),
            "SCOUT_WIKIMEDIA_UPLOAD": imageBase, "SCOUT_CACHE_DIR": directory.appending(path: "cache").path,
            "SCOUT_CONTACT": "soak@example.org",
        ]
        // The load's clients all come from 127.0.0.1, so this server lets 1,024 connect from one address.
        let server = try await SoakServer(
            arguments: ["--client-rate", "10000000", "--connections-per-ip", "1024"], environment: environment)
        var ending: String?
        defer { if ending == nil { _ = server.stop() } }
        let port = server.port
        let contract = try await server.contract()
        let deadline = ScoutServerConfiguration(clock: ContinuousClock()).upstreamDeadline
        let checks = ReplyTally(contract: contract, lateAfter: deadline + .milliseconds(250))

        // The routes, each checked once against the contract before the load (the searches
        // staggered, so that their cache entries expire as spread out as people ask).
        let queries = LoadQueries(titles: titles, cached: cachedQueries)
        let books = try await bookTargets(port: port) + queries.bookSearchTargets
        let imageTargets = imagePaths.map { "/img/wikipedia/" + FakeImageHost.key(forPath: $0) }
        try await check(queries.cachedTargets, port: port, into: checks, pace: .milliseconds(333))
        try await check(imageTargets + books, port: port, into: checks, pace: .zero)

        // The clients: wrk connections in three groups; beside each group a probe on a thread of
        // its own, timing and judging its requests (wrk's latencies do not add up with a Lua
        // script); and one Swift client searching anew.
        let clients = settings.clients
        let wrkConnections = max(3, clients - 4)
        let groups = [
            WrkSoakRun(
                name: "search (cached)", targets: queries.cachedTargets, connections: wrkConnections * 4 / 10,
                duration: settings.loadDuration),
            WrkSoakRun(
                name: "images (cached)", targets: imageTargets, connections: wrkConnections * 3 / 10,
                duration: settings.loadDuration),
            WrkSoakRun(
                name: "books (uncached)", targets: books,
                connections: wrkConnections - wrkConnections * 4 / 10 - wrkConnections * 3 / 10,
                duration: settings.loadDuration),
        ]
        let probes = groups.map { group in
            ProbeClient(name: group.name, port: port, interval: probeInterval) { index in
                (group.name, group.targets[(index &* 7_919) % group.targets.count])
            }
        }
        let uncached = ReplyTally(contract: contract, lateAfter: deadline + .milliseconds(250))
        let clock = ContinuousClock()
        let loadBefore = WakeupLag.loadAverage()
        let lag = WakeupLag.start()
        let start = clock.now
        let end = start + settings.loadDuration
        let baselineAt = start + SoakSettings.baseline(of: settings.loadDuration)
        let pid = server.pid
        async let memory = MemoryTrace.watch(pid: pid, baselineAt: baselineAt, until: end)
        async let searchRun = groups[0].run(port: port, in: directory)
        async let imagesRun = groups[1].run(port: port, in: directory)
        async let booksRun = groups[2].run(port: port, in: directory)
        let samples = ReplyTally(contract: contract, lateAfter: deadline + .milliseconds(250))
        async let probing: Void = withTaskGroup(of: Void.self) { group in
            for probe in probes { group.addTask { await probe.run(until: end, into: samples) } }
        }
        let searcher = PacedSearcher(address: nil, port: port, interval: uncachedInterval) { queries.fresh($0) }
        await searcher.run(until: end, into: uncached)
        await probing
        let results = try await [searchRun, imagesRun, booksRun]
        let trace = await memory
        let loadEndBytes = server.residentBytes
        try await check(queries.cachedTargets + imageTargets + books, port: port, into: checks, pace: .zero)

        let loaded = try await SlowlorisTrial(label: "1,024 per address", duration: settings.slowlorisDuration)
            .run(port: port, contract: contract, queries: queries)
        let elapsed = start.duration(to: clock.now)
        let budgets = [
            BudgetCheck(
                name: "Wikipedia", host: hosts.wikipedia, recorder: wikipedia.recorder, mix: nil, duration: elapsed),
            BudgetCheck(name: "Commons", host: hosts.commons, recorder: commons.recorder, mix: nil, duration: elapsed),
        ]
        let errorLog = server.errorLog
        ending = server.stop()
        // And as deployed: the default limits, 16 connections per address.
        let defaults = try await SoakServer(arguments: ["--client-rate", "10000000"], environment: environment)
        var deployedEnding: String?
        defer { if deployedEnding == nil { _ = defaults.stop() } }
        let deployed = try await SlowlorisTrial(label: "default limits", duration: settings.slowlorisDuration)
            .run(port: defaults.port, contract: try await defaults.contract(), queries: queries)
        deployedEnding = defaults.stop()
        let trials = [loaded, deployed]

        let uncachedSummary = uncached.summary
        let sampleSummary = samples.summary
        let checkSummary = checks.summary
        let title = "Load soak, \(SoakSettings.label(settings.loadDuration)), \(clients) clients"
        var table = Report(
            title: "\(title): routes",
            columns: [
                "routes", "wrk clients", "wrk requests", "wrk req/s", "wrk errors", "probe replies", "probe errors",
                "p50", "p95", "p99", "max",
            ])
        let sampleErrors = sampleSummary.errors
        for (group, result) in zip(groups, results) {
            let probed = sampleSummary.bySource.first { $0.source == group.name }?.sample ?? LatencySample()
            let probeErrors = Self.errors(of: group.name, in: sampleSummary)
            table.add(
                [
                    group.name, "\(group.connections)", "\(result.requests)",
                    result.requestsPerSecond.formatted(decimals: 0), "\(result.errors)", "\(probed.durations.count)",
                    "\(probeErrors)",
                ] + probed.cells.dropFirst())
        }
        let uncachedErrors = uncachedSummary.errors
        table.add(
            ["search (uncached)", "", "", "", "", "\(uncachedSummary.replies)", "\(uncachedErrors)"]
                + uncachedSummary.all.cells.dropFirst())
        table.print()
        for (group, result) in zip(groups, results) where result.errors > 0 {
            print("\(group.name): wrk errors \(result.errorKinds)")
        }
        for (key, sample) in sampleSummary.bySourceAndLabel where key.hasPrefix("search (cached): ") {
            print(
                "  probe \(key): \(sample.durations.count) replies, p99 \(sample.p99.milliseconds), max \(sample.maximum.milliseconds)"
            )
        }
        print(
            "wrk -t1 per group: load, errors (connect, read, write, timeout, statuses ≥ 400) and throughput; the "
                + "latencies are the probes' — one client per group on a thread of its own, a request every "
                + "\(probeInterval.milliseconds), every reply judged against /api/openapi.json — because wrk's own "
                + "do not add up with a Lua script loaded (a mean above the connections ÷ the request rate). The "
                + "uncached client is Swift, a new search every \(uncachedInterval.milliseconds). Targets: "
                + "\(queries.cachedTargets.count) cached searches, \(imageTargets.count) thumbnails (disk cache "
                + "filled beforehand), \(books.count) book routes; each checked against the contract before and "
                + "after: \(checkSummary.replies) replies, \(checkSummary.errors) bad."
        )
        print(lag.stop(loadBefore: loadBefore))
        var budgetTable = Report(
            title: "\(title): upstream budgets, as the fakes observed them", columns: BudgetCheck.columns)
        for budget in budgets { budgetTable.add(budget.row) }
        budgetTable.print()
        print(
            "\nscout serve resident memory: \(MemoryTrace.mebibytes(trace.baseline)) after "
                + "\(SoakSettings.label(baselineAt - start)), \(MemoryTrace.mebibytes(loadEndBytes)) at the end of the "
                + "load, peak \(MemoryTrace.mebibytes(trace.peak)); stopped with \(ending ?? "?"); "
                + "\(errorLog.split(separator: "\n").count) line(s) on its standard error")
        print("  over time: \(trace.timeline)")
        for line in errorLog.split(separator: "\n").prefix(5) { print("  stderr: \(line)") }

        SlowlorisTrial.print(trials, duration: settings.slowlorisDuration)
        let examples =
            checkSummary.examples + uncachedSummary.examples + sampleSummary.examples
            + trials.flatMap { $0.alone.examples + $0.attacked.examples }
        if !examples.isEmpty {
            print("\nfirst replies that missed a goal:")
            for example in examples.prefix(12) { print("  \(example)") }
        }

        var goals = SoakGoals(soak: "load-soak")
        let wrkErrors = results.reduce(0) { $0 + $1.errors }
        let checkErrors = checkSummary.errors
        goals.add(
            "0 errors", met: wrkErrors + uncachedErrors + sampleErrors + checkErrors == 0,
            "wrk \(wrkErrors) in \(results.reduce(0) { $0 + $1.requests }) requests; uncached \(uncachedErrors) in "
                + "\(uncachedSummary.replies); sampled \(sampleErrors) in \(sampleSummary.replies); contract checks "
                + "\(checkErrors) in \(checkSummary.replies)")
        let probed = { (name: String) in sampleSummary.bySource.first { $0.source == name }?.sample ?? LatencySample() }
        let cachedGroups = groups.prefix(2).map { ($0.name, probed($0.name)) }
        goals.add(
            "p99 < 100 ms for cached routes",
            met: cachedGroups.allSatisfy { !$0.1.durations.isEmpty && $0.1.p99 < .milliseconds(100) },
            cachedGroups.map { "\($0.0) \($0.1.p99.milliseconds)" }.joined(separator: ", ")
                + " (books, read from the catalog each time or every 5 s: \(probed(groups[2].name).p99.milliseconds))")
        goals.addMemory(
            "memory flat (end within 10 % of the level after \(SoakSettings.label(baselineAt - start)))",
            trace: trace, end: loadEndBytes)
        goals.add(
            "0 crashes",
            met: !trace.lostProcess && trials.allSatisfy(\.isHealthy)
                && [ending, deployedEnding] == ["exit 0", "exit 0"],
            "\(trials.allSatisfy(\.isHealthy) ? "/healthz 200 at the end" : "/healthz did not answer at the end"); "
                + "stopped with \(ending ?? "?"), the default-limits server with \(deployedEnding ?? "?")"
        )
        goals.add(
            "slowloris: the 127.0.0.2 client's p99 < 200 ms", met: trials.allSatisfy(\.isMet),
            trials.map {
                "\($0.label): p99 \($0.attacked.all.p99.milliseconds), \($0.attacked.errors) errors, while slowhttptest held "
                    + "\($0.attack.peakConnected) connections"
            }.joined(separator: "; "))
        goals.add(
            "every upstream budget held", met: budgets.allSatisfy(\.isHeld),
            budgets.map { "\($0.name) \($0.isHeld ? "held" : "NOT held")" }.joined(separator: ", "))
        try goals.finish()
    }

    /// The replies of `source` in `summary` that were not well-formed, not answered or not 200.
    private static func errors(of source: String, in summary: ReplyTally.Summary) -> Int {
        summary.bySourceAndLabel.filter { $0.key.hasPrefix("\(source): ") && !$0.key.hasPrefix("\(source): 200") }
            .reduce(0) { $0 + $1.sample.durations.count }
    }

    /// Fills the image cache `scout serve` will use with `imageCount` thumbnails from the fake
    /// host, keyed by the URLs the proxy rebuilds from `base` (`scout serve` fetches only from
    /// public https hosts, so it could not fetch them itself); returns their paths.
    private func warmImages(base: String, cache: URL) async throws -> [String] {
        let host = Self.hosts.images
        let loader = ImageLoader(
            configuration: .init(
                userAgent: "Scout/soak (soak@example.org)",
                diskDirectory: cache.appending(path: "images", directoryHint: .isDirectory)),
            policy: ImageFetchPolicy { $0.host == host })
        let formats: [TestImage.Format] = [.png, .jpeg, .gif, .webp]
        let paths = (0..<imageCount).map {
            FakeImageHost.thumbnailPath(name: "Soak\($0)", format: formats[$0 % formats.count], width: 120)
        }
        for path in paths { _ = try await loader.image(for: URL(string: base + path.dropFirst())!) }
        return paths
    }

    /// Book routes for titles in the starter catalog: searches as typed, `/map` and `…/related`.
    private func bookTargets(port: UInt16) async throws -> [String] {
        let connection = try RawHTTPConnection(port: port, timeout: .seconds(10))
        var books: [(id: Int, title: String)] = []
        for word in ["the", "harry", "lord", "game", "love", "girl", "night", "king"] {
            let reply = try await connection.get("/api/v1/books/search?q=\(word)&limit=10")
            guard case .object(let object) = try reply.json(), case .array(let items)? = object["items"] else {
                continue
            }
            for case .object(let item) in items {
                if case .number(let id)? = item["id"], case .string(let title)? = item["title"],
                    !books.contains(where: { $0.id == Int(id) })
                {
                    books.append((Int(id), title))
                }
            }
        }
        guard books.count >= 5 else { throw SoakFailure("the starter catalog gave only \(books.count) books") }
        let chosen = books.prefix(12)
        return chosen.map { "/api/v1/books/search?q=\(TypingPerson.encoded(String($0.title.prefix(5))))" }
            + chosen.map { "/map?q=\(TypingPerson.encoded($0.title))" }
            + chosen.map { "/api/v1/books/\($0.id)/related" }
    }

    /// Fetches each target once, `pace` apart, and judges it; throws when one fails outright.
    private func check(_ targets: [String], port: UInt16, into tally: ReplyTally, pace: Duration) async throws {
        let connection = try RawHTTPConnection(port: port, timeout: .seconds(10))
        let clock = ContinuousClock()
        for target in targets {
            let started = clock.now
            let response = try await connection.get(target)
            tally.record(
                path: String(target.prefix { $0 != "?" }), source: "check", latency: clock.now - started,
                response: response)
            if pace > .zero { try await clock.sleep(until: started + pace) }
        }
    }
}

/// The load soak's searches: the cached set (typed prefixes of the most read titles, per
/// source) and an endless supply of searches nobody made before.
struct LoadQueries: Sendable {
    /// Wikipedia and Commons searches, which stay in the gateway's cache for a minute.
    let cachedTargets: [String]
    /// Searches of the book catalog through the gateway, cached for 5 s only (it may change).
    let bookSearchTargets: [String]
    private let freshWords: [String]

    init(titles: [String], cached: (wikipedia: Int, commons: Int, books: Int)) {
        func distinctPrefixes(_ titles: ArraySlice<String>, words: Int) -> [String] {
            var seen: Set<String> = []
            return titles.compactMap { title in
                let text = title.split(separator: " ").prefix(words).joined(separator: " ").lowercased()
                return text.count >= 3 && seen.insert(text).inserted ? text : nil
            }
        }
        let popular = distinctPrefixes(titles.prefix(400), words: 1)
        func target(_ source: String, _ text: String) -> String {
            "/api/v1/search?source=\(source)&q=\(TypingPerson.encoded(text))&limit=\(source == "commons" ? 30 : 20)"
        }
        cachedTargets =
            popular.prefix(cached.wikipedia).map { target("wikipedia", $0) }
            + popular.prefix(cached.commons).map { target("commons", $0) }
        bookSearchTargets = popular.prefix(cached.books).map { target("books", $0) }
        let taken = Set(popular)
        freshWords = distinctPrefixes(titles.dropFirst(400), words: 2).filter { !taken.contains($0) }
    }

    /// The n-th cached search.
    func cached(_ index: Int) -> (source: String, target: String) {
        let target = cachedTargets[index % cachedTargets.count]
        let source = target.split(separator: "=")[1].split(separator: "&")[0]
        return ("cached \(source)", target)
    }

    /// The n-th search nobody made before: Wikipedia and Commons by turns.
    func fresh(_ index: Int) -> (source: String, target: String) {
        let source = index % 2 == 0 ? "wikipedia" : "commons"
        var text = freshWords[index % freshWords.count]
        if index >= freshWords.count { text += " \(index / freshWords.count)" }
        let limit = source == "commons" ? 30 : 20
        return ("uncached \(source)", "/api/v1/search?source=\(source)&q=\(TypingPerson.encoded(text))&limit=\(limit)")
    }
}

extension AllTypingBenchmark {
    /// Two tables — the runs side by side, then each section of All — and the goal lines.
    func print(_ outcomes: [(Run, Outcome)], script: TypingScript) {
        let queries = Double(script.queries.count)
        func perQuery(_ requests: Int) -> Double { Double(requests) / queries }
        var runs = Report(
            title: "Typing on All: \(script.queries.count) queries, \(script.keystrokeCount) keystrokes, "
                + "\(people) people at once; sources at \(fastLatency.milliseconds), the slow one at "
                + "\(slowLatency.milliseconds)",
            columns: ["run", "requests/query", "last key→first section p50", "p90", "stale overwrites", "wrong finals"])
        var sections = Report(
            title: "Typing on All, each section",
            columns: [
                "run", "section", "requests/query", "last key→shown p50", "p90", "stale overwrites", "wrong finals",
            ])
        for (run, outcome) in outcomes {
            runs.add([
                label(run), perQuery(outcome.requests).formatted(decimals: 2),
                percentile(outcome.firstShown, 0.50).milliseconds, percentile(outcome.firstShown, 0.90).milliseconds,
                "\(outcome.sections.reduce(0) { $0 + $1.staleOverwrites })",
                "\(outcome.sections.reduce(0) { $0 + $1.wrong })",
            ])
            guard run != .single else { continue }
            for (index, section) in outcome.sections.enumerated() {
                sections.add([
                    label(run), "\(Self.sectionNames[index]) (\(latency(of: index, in: run).milliseconds))",
                    perQuery(section.requests).formatted(decimals: 2),
                    percentile(section.latencies, 0.50).milliseconds, percentile(section.latencies, 0.90).milliseconds,
                    "\(section.staleOverwrites)", "\(section.wrong)",
                ])
            }
        }
        runs.print()
        sections.print()
        let outcome = { (run: Run) in outcomes.first { $0.0 == run }?.1 }
        guard let single = outcome(.single), let fast = outcome(.allFast), let slow = outcome(.allWithSlow) else {
            return
        }
        Swift.print("")
        for line in goals(single: single, fast: fast, slow: slow, queries: queries) { Swift.print(line) }
    }

    private func label(_ run: Run) -> String {
        switch run {
        case .single: "SearchSession, \(Self.sectionNames[0]) alone"
        case .allFast: "All, every source fast"
        case .allWithSlow: "All, \(Self.sectionNames[Self.slowSection]) slow"
        }
    }

    /// Issue 36's goals, each on the run with the slow source, one line each.
    private func goals(single: Outcome, fast: Outcome, slow: Outcome, queries: Double) -> [String] {
        func mark(_ isMet: Bool) -> String { isMet ? "met" : "NOT met" }
        let sources = slow.sections.count
        let allowed = Double(sources * single.requests) / queries
        let requests = Double(slow.requests) / queries
        let first = percentile(slow.firstShown, 0.50)
        let alone = percentile(single.firstShown, 0.50)
        let fastIndices = slow.sections.indices.filter { $0 != Self.slowSection }
        let delays = fastIndices.map { index in
            (
                name: Self.sectionNames[index], with: percentile(slow.sections[index].latencies, 0.50),
                without: percentile(fast.sections[index].latencies, 0.50)
            )
        }
        let isNeverDelayed = delays.allSatisfy { $0.with <= $0.without + tolerance }
        let stale = slow.sections.map(\.staleOverwrites)
        let wrong = slow.sections.map(\.wrong)
        return [
            "All: requests/query \(requests.formatted(decimals: 2)) against \(sources) × SearchSession's = "
                + "\(allowed.formatted(decimals: 2)) (goal ≤: \(mark(requests <= allowed)))",
            "All: last key → first section p50 \(first.milliseconds) against a single source's \(alone.milliseconds) "
                + "(goal ≤, within \(tolerance.milliseconds): \(mark(first <= alone + tolerance)))",
            "fast sections, last key → shown p50 with the slow source / all fast: "
                + delays.map { "\($0.name) \($0.with.milliseconds) / \($0.without.milliseconds)" }.joined(
                    separator: ", ")
                + " (goal: never delayed, within \(tolerance.milliseconds): \(mark(isNeverDelayed)))",
            "All, per section: stale overwrites \(stale.map(String.init).joined(separator: "/")), wrong finals "
                + "\(wrong.map(String.init).joined(separator: "/")) (goal 0 each: "
                + "\(mark(stale.allSatisfy { $0 == 0 } && wrong.allSatisfy { $0 == 0 })))",
        ]
    }
}

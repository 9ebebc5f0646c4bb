import Foundation
import ScoutServer

/// One slowloris trial of the load soak: a client on 127.0.0.2 searches (cached searches, one
/// in ten new), first alone for comparison, then while slowloris attacks from 127.0.0.1, once
/// the attack has ramped up.
///
/// The soak runs it twice: against the server it loaded, which lets 1,024 connections come
/// from one address (the load's clients all share 127.0.0.1), so the attack gets all 500 of its
/// connections in; and against `scout serve` with its default limits, as it is deployed, where
/// the per-address cap is the defence.
///
/// ```swift
/// let trial = try await SlowlorisTrial(label: "default limits", duration: .seconds(60))
///     .run(port: server.port, contract: contract, queries: queries)
/// trial.isMet   // the 127.0.0.2 client's p99 < 200 ms, without errors
/// ```
struct SlowlorisTrial {
    /// Which server it attacked, as the report names it.
    let label: String
    let duration: Duration

    /// What one trial measured.
    struct Outcome {
        let label: String
        let alone: ReplyTally.Summary
        let attacked: ReplyTally.Summary
        let attack: Slowloris.Outcome
        /// Whether `/healthz` still answered after the attack.
        let isHealthy: Bool

        var isMet: Bool { attacked.replies > 0 && attacked.errors == 0 && attacked.all.p99 < .milliseconds(200) }
    }

    func run(port: UInt16, contract: APIContract, queries: LoadQueries) async throws -> Outcome {
        let clock = ContinuousClock()
        let lateAfter = ScoutServerConfiguration(clock: ContinuousClock()).upstreamDeadline + .milliseconds(250)
        let searcher = ProbeClient(
            name: "127.0.0.2", port: port, address: "127.0.0.2", interval: .milliseconds(50)
        ) { $0 % 10 == 9 ? queries.fresh(1_000_000 + $0 / 10) : queries.cached($0) }
        let alone = ReplyTally(contract: contract, lateAfter: lateAfter)
        await searcher.run(until: clock.now + duration / 3, into: alone)
        let attack = Slowloris(duration: duration)
        let attacked = ReplyTally(contract: contract, lateAfter: lateAfter)
        let attackStart = clock.now
        async let attackRun = attack.run(port: port)
        try await clock.sleep(for: .seconds(Double(attack.connections) / Double(attack.rate) + 2))
        await searcher.run(until: attackStart + duration - .seconds(1), into: attacked)
        let outcome = try await attackRun
        return Outcome(
            label: label, alone: alone.summary, attacked: attacked.summary, attack: outcome,
            isHealthy: await ChaosSoak.isHealthy(port: port))
    }

    /// The report of every trial: the 127.0.0.2 client alone and under attack, per server.
    static func print(_ outcomes: [Outcome], duration: Duration) {
        var table = Report(
            title: "Slowloris, \(SoakSettings.label(duration)) each: a client on 127.0.0.2 searching",
            columns: ["127.0.0.2", "searches", "errors", "p50", "p95", "p99", "max"])
        for outcome in outcomes {
            table.add(
                ["\(outcome.label): alone, before the attack", "\(outcome.alone.replies)", "\(outcome.alone.errors)"]
                    + outcome.alone.all.cells.dropFirst())
            table.add(
                ["\(outcome.label): under slowloris", "\(outcome.attacked.replies)", "\(outcome.attacked.errors)"]
                    + outcome.attacked.all.cells.dropFirst())
            for (source, sample) in outcome.attacked.bySource {
                table.add(["  \(source)", "\(sample.durations.count)", ""] + sample.cells.dropFirst())
            }
        }
        table.print()
        for outcome in outcomes {
            Swift.print(
                "\(outcome.label): \(outcome.attack.command)\n  peak connections held: "
                    + "\(outcome.attack.peakConnected); at the end: \(outcome.attack.finalStatus)")
        }
    }
}

import Foundation
import Synchronization

/// How long and how wide the soaks run: issue #16's figures by default, shorter through the
/// environment while developing.
///
/// ```sh
/// SCOUT_SOAK_MINUTES=1 .build/release/scout-bench chaos-soak   # both soaks for one minute
/// SCOUT_SOAK_LOAD_MINUTES=2 SCOUT_SOAK_SLOWLORIS_SECONDS=20 .build/release/scout-bench load-soak
/// SCOUT_SOAK_CRAWL_MINUTES=1.5 .build/release/scout-bench crawl-soak
/// ```
struct SoakSettings {
    /// The chaos soak: `SCOUT_SOAK_CHAOS_MINUTES`, else `SCOUT_SOAK_MINUTES`, else 10 minutes.
    var chaosDuration: Duration
    /// The load soak's wrk phase: `SCOUT_SOAK_LOAD_MINUTES`, else `SCOUT_SOAK_MINUTES`, else 5.
    var loadDuration: Duration
    /// The slowloris phase: `SCOUT_SOAK_SLOWLORIS_SECONDS`, else 60 seconds.
    var slowlorisDuration: Duration
    /// The crawl soak: `SCOUT_SOAK_CRAWL_MINUTES`, else `SCOUT_SOAK_MINUTES`, else 10 minutes.
    var crawlDuration: Duration
    /// Concurrent clients: `SCOUT_SOAK_CLIENTS`, else 50.
    var clients: Int
    /// The longest warm-up before the chaos soak's measured minutes (it ends once the search
    /// cache is full): `SCOUT_SOAK_WARMUP_MINUTES`, else 5 minutes or half the soak if shorter.
    var chaosWarmUp: Duration

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        func minutes(_ names: String...) -> Double? {
            names.lazy.compactMap { environment[$0].flatMap(Double.init) }.first { $0 > 0 }
        }
        chaosDuration = .seconds((minutes("SCOUT_SOAK_CHAOS_MINUTES", "SCOUT_SOAK_MINUTES") ?? 10) * 60)
        loadDuration = .seconds((minutes("SCOUT_SOAK_LOAD_MINUTES", "SCOUT_SOAK_MINUTES") ?? 5) * 60)
        crawlDuration = .seconds((minutes("SCOUT_SOAK_CRAWL_MINUTES", "SCOUT_SOAK_MINUTES") ?? 10) * 60)
        slowlorisDuration = .seconds(environment["SCOUT_SOAK_SLOWLORIS_SECONDS"].flatMap(Int.init) ?? 60)
        clients = max(1, environment["SCOUT_SOAK_CLIENTS"].flatMap(Int.init) ?? 50)
        chaosWarmUp =
            environment["SCOUT_SOAK_WARMUP_MINUTES"].flatMap(Double.init).map { .seconds(max(0, $0) * 60) }
            ?? min(.seconds(300), chaosDuration / 2)
    }

    /// When the memory baseline is read: after the first minute, or half way through a shorter run.
    static func baseline(of duration: Duration) -> Duration { min(.seconds(60), duration / 2) }

    /// Whether `name` was asked for on the command line, saying so when it was not: the soaks run
    /// for many minutes, so `scout-bench` without names (all benchmarks, `make bench`) leaves them out.
    static func isRequested(_ name: String) -> Bool {
        guard CommandLine.arguments.dropFirst().contains(name) else {
            print("\n\(name): runs only when named (scout-bench \(name), make soak)")
            return false
        }
        return true
    }

    /// Such as `10 min`, `45 s` or `3 min 12 s`.
    static func label(_ duration: Duration) -> String {
        let seconds = Int((duration / .seconds(1)).rounded())
        switch (seconds / 60, seconds % 60) {
        case (0, let rest): return "\(rest) s"
        case (let minutes, 0): return "\(minutes) min"
        case (let minutes, let rest): return "\(minutes) min \(rest) s"
        }
    }
}

/// An end time that several tasks read and one may move.
final class SharedDeadline: Sendable {
    private let value: Mutex<ContinuousClock.Instant>

    init(_ instant: ContinuousClock.Instant) { value = Mutex(instant) }

    var instant: ContinuousClock.Instant {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

/// A soak goal that was not met, or a soak that could not run; `scout-bench` exits 1.
struct SoakFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

import Foundation
import Synchronization

/// How late a thread wakes on this machine while a soak runs: a thread of its own sleeps 10 ms
/// again and again and records how much longer each sleep took. On a machine shared with other
/// work this is the noise floor of every latency the soak reports — a reply cannot be faster
/// than the threads that make it get to run.
///
/// ```swift
/// let lag = WakeupLag.start()
/// // … the soak …
/// print(lag.stop().summary)   // "p50 0.08 ms, p99 12.40 ms, max 96.10 ms"
/// ```
final class WakeupLag: Sendable {
    private let samples = Mutex(LatencySample())
    private let byMinute = Mutex([Int: Duration]())
    private let isRunning = Mutex(true)
    /// When the probe started.
    let start = ContinuousClock.now

    private init() {}

    static func start(every interval: Duration = .milliseconds(10)) -> WakeupLag {
        let lag = WakeupLag()
        let microseconds = useconds_t(interval / .microseconds(1))
        let thread = Thread {
            let clock = ContinuousClock()
            while lag.isRunning.withLock({ $0 }) {
                let before = clock.now
                usleep(microseconds)
                let now = clock.now
                let late = max(.zero, now - before - interval)
                lag.samples.withLock { $0.record(late) }
                let minute = Int((now - lag.start) / .seconds(60))
                lag.byMinute.withLock { $0[minute] = max($0[minute] ?? .zero, late) }
            }
        }
        thread.start()
        return lag
    }

    /// The longest lag in each minute since the start (0 is the first minute).
    var longestByMinute: [Int: Duration] { byMinute.withLock { $0 } }

    /// Stops the probe and returns what it measured.
    func stop() -> LatencySample {
        isRunning.withLock { $0 = false }
        return samples.withLock { $0 }
    }

    /// Stops the probe and says what the soak ran on: `machine: 2 cores; load average 9.12
    /// before, 10.40 after (…); a thread sleeping 10 ms woke late by p50 …`.
    func stop(loadBefore: String) -> String {
        "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; load average \(loadBefore) before, "
            + "\(Self.loadAverage()) after (everything else running on the machine competes with the soak); "
            + "a thread sleeping 10 ms woke late by \(stop().summary)"
    }

    /// The 1-minute load average, from /proc/loadavg.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
        return String(text.split(separator: " ").first ?? "?")
    }
}

extension LatencySample {
    /// `p50 …, p99 …, max …` in milliseconds.
    var summary: String { "p50 \(p50.milliseconds), p99 \(p99.milliseconds), max \(maximum.milliseconds)" }
}

import Foundation
import Networking
import ScoutTestSupport

/// Whether Scout kept one upstream's budget, judged by what the fake upstream saw (SECURITY.md
/// T15): the most requests in flight at once and the most in any one second against the
/// host's ``Networking/HostPolicy``, every arrival replayed through a token bucket of that
/// policy, no request inside a `Retry-After` window the fake opened, and a Scout User-Agent on
/// every request.
///
/// ```swift
/// let budget = BudgetCheck(name: "Wikipedia", host: "127.0.0.11", recorder: fake.recorder, mix: mix)
/// budget.isHeld
/// ```
struct BudgetCheck {
    let name: String
    let policy: HostPolicy
    let requests: Int
    let averagePerSecond: Double
    let maxConcurrent: Int
    let maxPerSecond: Int
    /// Arrivals a token bucket of the policy (one token of slack for timing) could not have let through.
    let overBucket: Int
    /// Arrivals inside a `Retry-After` window (its first and last 50 ms excused for the replies in transit).
    let insideRetryAfter: Int
    let badUserAgents: Int
    /// For each arrival inside a `Retry-After` window, how long after the 429 it came.
    let retryAfterOffsets: [Duration]

    /// Tokens of slack in the replay: arrivals at the fake trail their departures by a variable
    /// few milliseconds, which can bunch them up a little.
    static let bucketSlack = 1.0
    static let windowTolerance = Duration.milliseconds(50)

    init(name: String, host: String, recorder: RequestRecorder, mix: ChaosMix?, duration: Duration) {
        self.name = name
        policy = Self.policy(forHost: host)
        let arrivals = recorder.requests
        requests = recorder.count
        averagePerSecond = Double(requests) / (Double(duration.components.seconds) + 1e-9)
        maxConcurrent = recorder.maxConcurrentRequests
        maxPerSecond = recorder.maxRequestsPerSecond
        overBucket = Self.overBucket(arrivals.map(\.arrivedAt), policy: policy)
        badUserAgents = arrivals.filter { !($0.userAgent ?? "").hasPrefix("Scout/") }.count
        if let mix {
            // Each window opens when the fake handed over its 429, not when the request came in.
            let windows = arrivals.filter { mix.share(of: $0).label.hasPrefix("429") }.map { request in
                let sent = recorder.answeredAt(sequenceNumber: request.sequenceNumber) ?? request.arrivedAt
                return
                    (sent + Self.windowTolerance)..<(sent + .seconds(ChaosMix.retryAfterSeconds) - Self.windowTolerance)
            }
            var offsets: [Duration] = []
            for request in arrivals {
                if let window = windows.first(where: { $0.contains(request.arrivedAt) }) {
                    offsets.append(window.lowerBound.duration(to: request.arrivedAt) + Self.windowTolerance)
                }
            }
            insideRetryAfter = offsets.count
            retryAfterOffsets = offsets.sorted()
        } else {
            insideRetryAfter = 0
            retryAfterOffsets = []
        }
    }

    var isHeld: Bool {
        maxConcurrent <= policy.maxConcurrent && maxPerSecond <= allowedPerSecond && overBucket == 0
            && insideRetryAfter == 0 && badUserAgents == 0
    }

    /// What a token bucket lets through in any one second: its burst and a second of its rate.
    var allowedPerSecond: Int { policy.burst + Int(policy.requestsPerSecond.rounded(.down)) }

    /// The policy Scout's client applies to `host`: ``Networking/APIClient/Configuration/knownHosts``
    /// by suffix, else the default (the fakes' loopback addresses get the default).
    static func policy(forHost host: String) -> HostPolicy {
        let known = APIClient.Configuration.knownHosts
        if let exact = known[host] { return exact }
        let match = known.keys.filter { host.hasSuffix("." + $0) }.max { $0.count < $1.count }
        return match.flatMap { known[$0] } ?? HostPolicy()
    }

    /// Arrivals that found the replayed bucket empty.
    static func overBucket(_ arrivals: [ContinuousClock.Instant], policy: HostPolicy) -> Int {
        let capacity = Double(policy.burst) + bucketSlack
        var tokens = capacity
        var last: ContinuousClock.Instant?
        var over = 0
        for arrival in arrivals.sorted() {
            if let last {
                let elapsed = last.duration(to: arrival)
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                tokens = min(capacity, tokens + seconds * policy.requestsPerSecond)
            }
            last = arrival
            if tokens >= 1 { tokens -= 1 } else { over += 1 }
        }
        return over
    }

    /// This check as a row of the budget table.
    var row: [String] {
        [
            name, "\(requests)", averagePerSecond.formatted(decimals: 1),
            "\(maxPerSecond) (≤ \(allowedPerSecond))", "\(maxConcurrent) (≤ \(policy.maxConcurrent))",
            "\(overBucket)", "\(insideRetryAfter)", "\(badUserAgents)",
        ]
    }

    static let columns = [
        "upstream", "requests", "avg/s", "max in 1 s", "max in flight", "over bucket", "in Retry-After",
        "bad UA",
    ]
}

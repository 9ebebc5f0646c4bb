import Foundation
import HTTPServer
import ScoutTestSupport
import Synchronization

/// Every reply the soak clients got, judged against the ``APIContract``: the reply mix
/// (`200 results`, `504 upstream_timeout`, …), latencies by kind, the replies that were not
/// well-formed or came late, requests the clients aborted on purpose, and transport failures.
/// Shared by all clients.
///
/// ```swift
/// let tally = ReplyTally(contract: contract, lateAfter: .milliseconds(3250), forbidden: [flickrKey])
/// tally.record(path: "/api/v1/search", source: "wikipedia", latency: elapsed, response: response)
/// ```
final class ReplyTally: Sendable {
    private struct State {
        var counts: [String: Int] = [:]
        var latencies: [String: LatencySample] = [:]
        var all = LatencySample()
        var bySource: [String: LatencySample] = [:]
        var bySourceAndLabel: [String: LatencySample] = [:]
        var malformed = 0
        var late = 0
        var aborted = 0
        var transportFailures = 0
        var examples: [String] = []
        var lateReplies: [LateReply] = []
        var storedKeys: Set<String> = []

        mutating func note(_ example: String) {
            if examples.count < 12 { examples.append(example) }
        }
    }

    private let state = Mutex(State())
    private let contract: APIContract
    /// Replies slower than this count as late.
    let lateAfter: Duration
    /// Text no reply may contain (the Flickr key).
    private let forbidden: [String]

    init(contract: APIContract, lateAfter: Duration, forbidden: [String] = []) {
        self.contract = contract
        self.lateAfter = lateAfter
        self.forbidden = forbidden
    }

    /// A reply that came after ``lateAfter``, kept for the report.
    struct LateReply: Sendable {
        let source: String
        /// What was searched, when the client said.
        let query: String?
        let label: String
        let latency: Duration
        /// When the reply came.
        let at: ContinuousClock.Instant
    }

    /// Judges one reply to `GET path` (without its query) and counts it; `query` is what was
    /// searched, for the report of late replies, and `cacheKey` what identifies the search in
    /// the gateway's cache (see ``storedSearches``).
    func record(
        path: String, source: String, latency: Duration, response: RawHTTPResponse, query: String? = nil,
        cacheKey: String? = nil
    ) {
        record(
            path: path, source: source, latency: latency, status: response.status, headers: response.headers,
            body: response.body, query: query, cacheKey: cacheKey)
    }

    /// ``record(path:source:latency:response:query:cacheKey:)`` with the reply in parts.
    func record(
        path: String, source: String, latency: Duration, status: Int, headers: HTTPHeaders, body: [UInt8],
        query: String? = nil, cacheKey: String? = nil
    ) {
        var problem = contract.violation(path: path, status: status, headers: headers, body: body)
        if problem == nil, !forbidden.isEmpty {
            let text = String(decoding: body, as: UTF8.self)
            if let leaked = forbidden.first(where: { text.contains($0) }) {
                problem = "reply contains \(leaked.prefix(6))…"
            }
        }
        let label = problem == nil ? Self.label(status: status, body: body) : "NOT well-formed"
        state.withLock { state in
            state.counts[label, default: 0] += 1
            state.latencies[label, default: LatencySample()].record(latency)
            state.all.record(latency)
            state.bySource[source, default: LatencySample()].record(latency)
            state.bySourceAndLabel["\(source): \(label)", default: LatencySample()].record(latency)
            if let cacheKey, label == "200 results" || label == "200 no results" { state.storedKeys.insert(cacheKey) }
            if let problem {
                state.malformed += 1
                state.note("\(source) \(path) \(status): \(problem)")
            }
            if latency > lateAfter {
                state.late += 1
                if state.lateReplies.count < 5000 {
                    state.lateReplies.append(
                        LateReply(source: source, query: query, label: label, latency: latency, at: .now))
                }
                state.note("\(source) \(path) \(label) took \(latency.milliseconds)")
            }
        }
    }

    /// How many distinct searches were answered from upstream (not from the cache), each of
    /// which the gateway then cached: while that is below its capacity, its cache is still filling.
    var storedSearches: Int { state.withLock { $0.storedKeys.count } }

    /// A request the client gave up on before the reply, as a browser aborts a superseded search.
    func recordAbort() { state.withLock { $0.aborted += 1 } }

    /// A request that got no reply: the connection failed or the reply did not come in time.
    func recordFailure(path: String, source: String, error: any Error, latency: Duration) {
        state.withLock { state in
            state.transportFailures += 1
            state.counts["no reply", default: 0] += 1
            state.bySourceAndLabel["\(source): no reply", default: LatencySample()].record(latency)
            state.note("\(source) \(path): no reply after \(latency.milliseconds) (\(error))")
        }
    }

    /// `200 results`, `200 no results` (each with ` (cached)` when the gateway answered from its
    /// cache), or the status and the error code (`504 upstream_timeout`).
    static func label(status: Int, body: [UInt8]) -> String {
        let value = try? JSONDecoder().decode(JSONValue.self, from: Data(body))
        guard case .object(let object)? = value else { return "\(status)" }
        if status == 200 {
            guard case .array(let items)? = object["items"] else { return "200" }
            let label = items.isEmpty ? "200 no results" : "200 results"
            return object["cached"] == .bool(true) ? label + " (cached)" : label
        }
        if case .object(let error)? = object["error"], case .string(let code)? = error["code"] {
            return "\(status) \(code)"
        }
        return "\(status)"
    }

    struct Summary {
        let counts: [(label: String, count: Int)]
        let latencies: [(label: String, sample: LatencySample)]
        let bySource: [(source: String, sample: LatencySample)]
        /// By `source: label`.
        let bySourceAndLabel: [(key: String, sample: LatencySample)]
        let all: LatencySample
        let replies: Int
        let malformed: Int
        let late: Int
        let aborted: Int
        let transportFailures: Int
        let examples: [String]
        let lateReplies: [LateReply]
    }

    var summary: Summary {
        state.withLock { state in
            Summary(
                counts: state.counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) },
                latencies: state.latencies.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                bySource: state.bySource.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                bySourceAndLabel: state.bySourceAndLabel.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                all: state.all, replies: state.all.durations.count, malformed: state.malformed, late: state.late,
                aborted: state.aborted, transportFailures: state.transportFailures, examples: state.examples,
                lateReplies: state.lateReplies)
        }
    }
}

extension LatencySample {
    var p95: Duration { percentile(0.95) }
    var maximum: Duration { durations.max() ?? .zero }

    /// count, p50, p95, p99 and max, as table cells.
    var cells: [String] {
        ["\(durations.count)", p50.milliseconds, p95.milliseconds, p99.milliseconds, maximum.milliseconds]
    }
}

extension ReplyTally.Summary {
    /// Replies that were not results: not well-formed, not answered, or any status but 200. Under
    /// load without faults, every one is an error.
    var errors: Int {
        malformed + transportFailures
            + counts.filter { !$0.label.hasPrefix("200") && $0.label != "NOT well-formed" && $0.label != "no reply" }
            .reduce(0) { $0 + $1.count }
    }
}

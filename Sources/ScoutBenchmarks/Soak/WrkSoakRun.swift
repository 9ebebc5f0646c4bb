import Foundation

/// One wrk process of the load soak: `connections` clients cycling through `targets` for
/// `duration`, with a Lua script that prints wrk's exact latency percentiles (p50, p95, p99,
/// max) and its error counts on one line the soak reads back.
///
/// ```swift
/// let run = WrkSoakRun(name: "search (cached)", targets: paths, connections: 20, duration: .seconds(300))
/// let result = try await run.run(port: server.port, in: directory)
/// ```
struct WrkSoakRun: Sendable {
    struct Result: Sendable {
        let requests: Int
        let requestsPerSecond: Double
        /// wrk's connect, read, write and timeout errors, and statuses of 400 and above.
        let errors: Int
        /// The errors by kind, such as `status 17, timeout 3`; empty without errors.
        let errorKinds: String
        let p50: Duration
        let p95: Duration
        let p99: Duration
        let max: Duration
    }

    let name: String
    let targets: [String]
    let connections: Int
    let duration: Duration

    func run(port: UInt16, in directory: URL) async throws -> Result {
        let script = directory.appending(path: "wrk-\(name.filter(\.isLetter)).lua")
        try luaScript.write(to: script, atomically: true, encoding: .utf8)
        let output = try await ExternalProgram.run(
            "wrk",
            [
                "-t1", "-c\(connections)", "-d\(duration.components.seconds)s", "--timeout", "5s", "-s", script.path,
                "http://127.0.0.1:\(port)/",
            ])
        return try Self.parse(output)
    }

    /// Cycles through the targets and prints exact percentiles. It has no `response()`: with
    /// one, wrk's latency figures no longer add up (on a 19-connection run of 53,000 requests a
    /// second its mean was 1.2 ms where 19 ÷ 53,000 s = 0.36 ms is the most it can be), so bodies
    /// are judged by the soak's own sampling client instead and wrk counts statuses ≥ 400.
    private var luaScript: String {
        let list = targets.map { "[==[\($0)]==]" }.joined(separator: ",\n  ")
        return """
            -- Written by scout-bench load-soak.
            local targets = {
              \(list)
            }
            index = 0

            function request()
              index = index + 1
              return wrk.format("GET", targets[(index % #targets) + 1])
            end

            function done(summary, latency, requests)
              local e = summary.errors
              io.write(string.format(
                "SOAK requests=%d duration=%d connect=%d read=%d write=%d status=%d timeout=%d " ..
                "p50=%d p95=%d p99=%d max=%d\\n",
                summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
                latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
            end
            """
    }

    /// Reads the `SOAK …` line of the script's `done`.
    static func parse(_ output: String) throws -> Result {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("SOAK ") }) else {
            throw SoakFailure("wrk printed no summary:\n\(output)")
        }
        var values: [String: Int] = [:]
        for field in line.split(separator: " ").dropFirst() {
            let parts = field.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        func value(_ name: String) -> Int { values[name] ?? 0 }
        let microseconds = { (name: String) in Duration.microseconds(value(name)) }
        let seconds = Double(max(1, value("duration"))) / 1e6
        let kinds = ["connect", "read", "write", "status", "timeout"]
        return Result(
            requests: value("requests"), requestsPerSecond: Double(value("requests")) / seconds,
            errors: kinds.reduce(0) { $0 + value($1) },
            errorKinds: kinds.filter { value($0) > 0 }.map { "\($0) \(value($0))" }.joined(separator: ", "),
            p50: microseconds("p50"), p95: microseconds("p95"), p99: microseconds("p99"), max: microseconds("max"))
    }
}

/// Runs external programs without holding a thread of Swift's cooperative pool for minutes.
enum ExternalProgram {
    /// ``Command/run(_:_:)`` on a dispatch thread; returns standard output and error.
    static func run(_ program: String, _ arguments: [String]) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try Command.run(program, arguments) })
            }
        }
    }
}

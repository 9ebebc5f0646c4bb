import Foundation

/// wrk sending a request target no earlier request had, so no cache on the way ever hits: a Lua
/// script numbers the requests from a start the caller moves on after every round, and a Lua
/// function `target(n)` turns each number into a path.
///
/// ```swift
/// let load = DistinctRequests(wrk: Wrk(), target: #"function target(n) return "/img/…/" .. n .. ".png" end"#)
/// let round = try await load.run(port: server.port, from: 0)
/// ```
struct DistinctRequests {
    /// What one round measured.
    struct Round {
        let result: Wrk.Result
        /// Replies wrk read in the round, and their bytes (`N requests in 4.00s, 5.12MB read`).
        let completed: Int
        let bytesRead: Double
    }

    var wrk: Wrk
    /// Lua source defining `target(n)` for n = 0, 1, 2, …: the path and query of request n.
    let target: String

    /// One wrk run with `wrk`'s settings against 127.0.0.1:`port`, numbering from `start`
    /// (each of wrk's threads takes every `threads`-th number).
    func run(port: UInt16, from start: Int) async throws -> Round {
        let script = FileManager.default.temporaryDirectory.appending(path: "scout-bench-distinct-\(UUID()).lua")
        try (target + Self.numbering).write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let arguments = [
            "-t\(wrk.threads)", "-c\(wrk.connections)", "-d\(wrk.duration.components.seconds)s", "--latency",
            "-s", script.path, "http://127.0.0.1:\(port)/", "--", "\(start)", "\(wrk.threads)",
        ]
        let output = try await onOwnThread { try Command.run("wrk", arguments) }
        let line = output.split(separator: "\n").first { $0.contains(" requests in ") }
        let fields = line?.split(separator: " ") ?? []
        guard fields.count > 4, let completed = Int(fields[0]), let bytes = Self.bytes(String(fields[4])) else {
            throw BenchmarkError.unparsable("wrk", output)
        }
        return Round(result: try Wrk.parse(output), completed: completed, bytesRead: bytes)
    }

    /// wrk prints sizes as `812.00B`, `1.21KB`, `5.12MB` or `2.00GB`, in powers of 1024.
    private static func bytes(_ text: String) -> Double? {
        let units: [(String, Double)] = [("KB", 1024), ("MB", 1_048_576), ("GB", 1_073_741_824), ("B", 1)]
        guard let (suffix, scale) = units.first(where: { text.hasSuffix($0.0) }) else { return nil }
        return Double(text.dropLast(suffix.count)).map { $0 * scale }
    }

    /// Thread i of wrk sends start + i, start + i + threads, …
    private static let numbering = """

        local threadCount = 0
        function setup(thread)
            thread:set("threadIndex", threadCount)
            threadCount = threadCount + 1
        end
        function init(args)
            number = tonumber(args[1]) + threadIndex
            step = tonumber(args[2])
        end
        function request()
            local n = number
            number = number + step
            return wrk.format("GET", target(n))
        end

        """
}

/// Runs blocking `work` (a child process, say) on a new thread and waits for it without holding
/// a thread of Swift's cooperative pool, which the in-process server under test needs.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

import Foundation
import HTTPServer
import ScoutTestSupport

/// CPU seconds this process spent, less those of a fake upstream it hosts: what the server under
/// test (HTTP, gateway or proxy, transport) cost.
///
/// The fake answers on its own libmicrohttpd threads (`MHD-…`), started before the server under
/// test; ``excludingFake(since:)`` finds them among the threads that appeared as it started.
///
/// ```swift
/// let before = ServerCPU.threadIDs()
/// try await withFakeWikipedia(pages: pages) { fake in
///     let cpu = try await ServerCPU.excludingFake(since: before)
///     let spent = cpu.seconds()
/// }
/// ```
struct ServerCPU {
    /// The fake upstream's threads, whose time is left out.
    let excluded: Set<Int>

    init(excluding threads: Set<Int>) {
        excluded = threads
    }

    /// This process less the threads of a fake upstream (``ServerConfiguration/fakeUpstream``)
    /// that started after `before` was read.
    static func excludingFake(since before: Set<Int>) async throws -> ServerCPU {
        ServerCPU(excluding: try await fakeThreads(since: before, count: ServerConfiguration.fakeUpstream.threadCount))
    }

    /// This process's user and system time, all threads (also ended ones), less the excluded ones.
    func seconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let process = [usage.ru_utime, usage.ru_stime].reduce(0.0) {
            $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6
        }
        return process - excluded.reduce(0.0) { $0 + Self.threadSeconds($1) }
    }

    /// The ids under `/proc/self/task`.
    static func threadIDs() -> Set<Int> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(names.compactMap { Int($0) })
    }

    /// The `count` libmicrohttpd threads started since `before` was read. A thread names itself
    /// once running, so this waits (up to 2 s) for the names.
    static func fakeThreads(since before: Set<Int>, count: Int) async throws -> Set<Int> {
        for _ in 0..<200 {
            let named = threadIDs().subtracting(before).filter { id in
                let name = try? String(contentsOfFile: "/proc/self/task/\(id)/comm", encoding: .utf8)
                return name?.hasPrefix("MHD-") == true
            }
            if named.count >= count { return named }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw BenchmarkError.notReady("the fake upstream's threads")
    }

    /// utime + stime of one thread, from the fields after `(comm)` in its `stat` (14 and 15).
    private static func threadSeconds(_ id: Int) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

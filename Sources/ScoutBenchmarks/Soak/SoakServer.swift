import Foundation
import ScoutTestSupport

/// The release `scout serve` (built next to `scout-bench`) as a soak runs it: on a free port
/// of 127.0.0.1, in an environment of its own (no `SCOUT_*` or proxy settings of the caller,
/// data and caches in a temporary directory), its standard error kept in a file, and how it
/// ended reported — a crash is a soak failure, not a missing number.
///
/// ```swift
/// let server = try SoakServer(arguments: ["--client-rate", "1000"], environment: upstreams)
/// defer { _ = server.stop() }
/// ```
final class SoakServer {
    let port: UInt16
    /// Where its data, caches and log live; removed by ``stop()``.
    let directory: URL
    private let process: Process
    private let logFile: URL

    /// Starts `scout serve --listen 127.0.0.1:<free port> --quiet --database <temp>` plus
    /// `arguments`, with `environment` added, and waits until `/healthz` answers.
    init(arguments: [String], environment: [String: String]) async throws {
        port = try freeLoopbackPort()
        directory = FileManager.default.temporaryDirectory.appending(path: "scout-soak-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        logFile = directory.appending(path: "serve.log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        var base = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "LANG", "TMPDIR"].contains($0.key) }
        base["XDG_DATA_HOME"] = directory.appending(path: "data").path
        base["XDG_CACHE_HOME"] = directory.appending(path: "cache").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appending(path: "scout")
        process.arguments =
            [
                "serve", "--listen", "127.0.0.1:\(port)", "--quiet",
                "--database", directory.appending(path: "books.sqlite").path,
            ] + arguments
        process.environment = base.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()
        self.process = process
        try await waitUntilHealthy()
    }

    private func waitUntilHealthy() async throws {
        for _ in 0..<600 {
            guard process.isRunning else { break }
            if let connection = try? RawHTTPConnection(port: port, timeout: .seconds(1)),
                (try? await connection.get("/healthz").status) == 200
            {
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw SoakFailure("scout serve did not answer /healthz within 30 s:\n\(errorLog)")
    }

    /// Whether the process is still alive.
    var isRunning: Bool { process.isRunning }

    /// Its process id.
    var pid: Int32 { process.processIdentifier }

    /// Its resident set size in bytes (VmRSS), or nil once it has ended.
    var residentBytes: Int? { Self.residentBytes(ofProcess: pid) }

    /// The resident set size of process `pid` in bytes, or nil when it is gone (or a zombie).
    static func residentBytes(ofProcess pid: Int32) -> Int? { ProcStatus.bytes("VmRSS", process: "\(pid)") }

    /// The API's OpenAPI document as this server serves it.
    func contract() async throws -> APIContract {
        let connection = try RawHTTPConnection(port: port, timeout: .seconds(5))
        let response = try await connection.get("/api/openapi.json")
        guard response.status == 200 else { throw SoakFailure("/api/openapi.json answered \(response.status)") }
        return try APIContract(document: response.json())
    }

    /// What it wrote on standard error (errors and warnings; the access log is off).
    var errorLog: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Stops it with SIGTERM (a graceful shutdown) and says how it ended: `exit 0`, `exit 1`,
    /// `signal 11`, … — anything but `exit 0` after a soak is a crash or a failed shutdown.
    /// Kills it after 15 s.
    func stop() -> String {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(15)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        let ending =
            process.terminationReason == .uncaughtSignal
            ? "signal \(process.terminationStatus)" : "exit \(process.terminationStatus)"
        try? FileManager.default.removeItem(at: directory)
        return ending
    }
}

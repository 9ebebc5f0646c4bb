import Foundation

/// Runs the built `scout` binary as a separate process, as a person would.
///
/// ```swift
/// let result = try await ScoutExecutable.run(["--version"])
/// #expect(result.exitCode == 0)
/// ```
public enum ScoutExecutable {
    /// What a finished run printed and returned.
    public struct Result: Sendable {
        public let exitCode: Int32
        public let standardOutput: String
        public let standardError: String
    }

    /// The `scout` binary next to the test runner (both are built into the same directory).
    public static var url: URL { builtExecutable(named: "scout") }

    /// The executable product `name` of this package, built next to the test runner.
    public static func builtExecutable(named name: String) -> URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = runner.deletingLastPathComponent()
        // On macOS the runner sits inside an .xctest bundle.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS"
            || directory.lastPathComponent == "Contents"
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appending(path: name)
    }

    /// Runs `scout arguments…` to completion with `environment` added to a minimal one.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(60)
    ) async throws -> Result {
        let process = try ScoutProcess(arguments, environment: environment)
        return try await process.waitForExit(timeout: timeout)
    }
}

/// A running `scout` process whose output is collected as it comes.
public final class ScoutProcess: Sendable {
    private let process: Process
    private let output: OutputCollector
    private let errors: OutputCollector

    /// Starts `scout arguments…` (or another of the package's executables). The environment is
    /// `PATH`, `HOME` and `LANG` from this process, XDG data and cache directories of its own,
    /// plus `environment` — so tests neither depend on the caller's `SCOUT_*` settings nor write
    /// into the real home.
    public init(
        _ arguments: [String], environment: [String: String] = [:], executable: URL = ScoutExecutable.url
    ) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var base = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "LANG", "TMPDIR"].contains($0.key) }
        // Data and caches go to a directory of this run, never into the real home.
        let scratch = FileManager.default.temporaryDirectory.appending(path: "scout-process-\(UUID())")
        base["XDG_DATA_HOME"] = scratch.appending(path: "data").path
        base["XDG_CACHE_HOME"] = scratch.appending(path: "cache").path
        base.merge(environment) { _, new in new }
        process.environment = base
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        output = OutputCollector(outputPipe.fileHandleForReading)
        errors = OutputCollector(errorPipe.fileHandleForReading)
        try process.run()
        self.process = process
    }

    /// Everything written to standard output so far.
    public var standardOutput: String { output.text }
    /// Everything written to standard error so far.
    public var standardError: String { errors.text }

    /// Waits until standard output contains a match for `pattern`; returns the first match.
    public func waitForOutput(matching pattern: String, timeout: Duration = .seconds(30)) async throws -> String {
        let expression = try NSRegularExpression(pattern: pattern)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let text = output.text
            if let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                let range = Range(match.range, in: text)
            {
                return String(text[range])
            }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw ScoutProcessError.outputNotSeen(pattern: pattern, output: output.text, errors: errors.text)
    }

    /// Its process id, for reading its memory in /proc.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Sends `signal` (SIGTERM by default).
    public func signal(_ number: Int32 = SIGTERM) { kill(process.processIdentifier, number) }

    /// Stops the process (SIGSTOP) and waits until every one of its threads has stopped, for up
    /// to `timeout`: `kill` returns before a thread running on another core stops, and such a
    /// thread can still commit a transaction the caller then reads. Returns whether all stopped.
    public func stop(within timeout: Duration = .seconds(10)) async -> Bool {
        kill(process.processIdentifier, SIGSTOP)
        #if os(Linux)
            let tasks = "/proc/\(process.processIdentifier)/task"
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
                let states = threads.compactMap { thread -> Character? in
                    guard let stat = try? String(contentsOfFile: "\(tasks)/\(thread)/stat", encoding: .utf8),
                        let end = stat.lastIndex(of: ")")
                    else { return nil }
                    // "pid (comm) S …": the state follows the name, which may hold spaces or parentheses.
                    return stat[stat.index(after: end)...].first { $0 != " " }
                }
                if !states.isEmpty, states.allSatisfy({ "TtZX".contains($0) }) { return true }
                try? await Task.sleep(for: .milliseconds(1))
            }
            return false
        #else
            return true
        #endif
    }

    /// Waits for the process to end, killing it after `timeout`.
    public func waitForExit(timeout: Duration = .seconds(30)) async throws -> ScoutExecutable.Result {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                kill(process.processIdentifier, SIGKILL)
                throw ScoutProcessError.timedOut(output: output.text, errors: errors.text)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        await output.waitForEnd()
        await errors.waitForEnd()
        return ScoutExecutable.Result(
            exitCode: process.terminationStatus, standardOutput: output.text, standardError: errors.text)
    }
}

/// Why a ``ScoutProcess`` expectation was not met; carries what the process printed.
public enum ScoutProcessError: Error {
    case outputNotSeen(pattern: String, output: String, errors: String)
    case timedOut(output: String, errors: String)
}

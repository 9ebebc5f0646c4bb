import Foundation
import ScoutTestSupport
import Synchronization

/// Runs one scenario of `Tests/browser/scenarios.py` (or of another script that takes the same
/// arguments, such as `machine.py`) as a process and carries out the
/// `@control <command>` requests it prints (answering `ok` on its standard input).
struct ScenarioRunner {
    /// How a scenario run ended.
    struct Result: Sendable {
        let exitCode: Int32
        let output: String
        let errors: String
        let timedOut: Bool

        /// Everything the scenario printed, for a failure message.
        var transcript: String {
            var text = "exit status \(exitCode)\(timedOut ? " (killed after the timeout)" : "")"
            if !output.isEmpty { text += "\n--- stdout ---\n" + output }
            if !errors.isEmpty { text += "\n--- stderr ---\n" + errors }
            return text
        }
    }

    let scenario: String
    let baseURL: String
    var script: URL = BrowserEnvironment.scenarios
    var timeout: Duration = .seconds(120)

    /// Runs the scenario to its end; `control` is called for each `@control` line.
    func run(control: @escaping @Sendable (String) async throws -> Void = { _ in }) async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BrowserEnvironment.python)
        process.arguments = [
            script.path, scenario, "--base-url", baseURL,
            "--screenshots", BrowserEnvironment.screenshots.path,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONUNBUFFERED"] = "1"
        environment["SCOUT_CHROMIUM"] = BrowserEnvironment.chromium
        environment["SCOUT_CHROMEDRIVER"] = BrowserEnvironment.chromedriver
        if let axe = BrowserEnvironment.axeScript { environment["SCOUT_AXE_SCRIPT"] = axe }
        process.environment = environment
        let input = Pipe()
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardInput = input
        process.standardOutput = outputPipe
        process.standardError = errorPipe

        let (commands, continuation) = AsyncStream.makeStream(of: String.self)
        let output = PipeReader(outputPipe.fileHandleForReading) { line in
            if line.hasPrefix("@control ") { continuation.yield(String(line.dropFirst("@control ".count))) }
        } finished: {
            continuation.finish()
        }
        let errors = PipeReader(errorPipe.fileHandleForReading)
        try process.run()

        let replies = input.fileHandleForWriting
        let controller = Task {
            for await command in commands {
                let reply: String
                do {
                    try await control(command)
                    reply = "ok\n"
                } catch {
                    reply = "failed: \(error)\n"
                }
                try? replies.write(contentsOf: Data(reply.utf8))
            }
        }

        let timedOut = await !eventually(within: timeout, pollingEvery: .milliseconds(50)) { !process.isRunning }
        if timedOut {
            // SIGTERM lets the script quit Chromium; SIGKILL if it does not within 5 s.
            process.terminate()
            let quit = await eventually(within: .seconds(5), pollingEvery: .milliseconds(50)) { !process.isRunning }
            if !quit { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        try? replies.close()
        await output.waitForEnd()
        await errors.waitForEnd()
        continuation.finish()
        await controller.value
        return Result(
            exitCode: process.terminationStatus, output: output.text, errors: errors.text, timedOut: timedOut)
    }
}

/// Reads a pipe on its own thread until end of file, keeping the text and handing each
/// complete line to `onLine`.
private final class PipeReader: Sendable {
    private let data = Mutex(Data())
    private let isDone = Mutex(false)

    init(
        _ handle: FileHandle, onLine: @escaping @Sendable (String) -> Void = { _ in },
        finished: @escaping @Sendable () -> Void = {}
    ) {
        let thread = Thread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                data.withLock { $0.append(chunk) }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    onLine(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[pending.index(after: newline)...])
                }
            }
            finished()
            isDone.withLock { $0 = true }
        }
        thread.start()
    }

    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Waits (at most 5 s, in case a child of the process keeps the pipe open) for end of file,
    /// without blocking a thread of the cooperative pool (other suites run beside this one).
    func waitForEnd() async {
        _ = await eventually { isDone.withLock { $0 } }
    }
}

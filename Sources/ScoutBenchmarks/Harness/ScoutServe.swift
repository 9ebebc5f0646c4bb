import Foundation

/// The release `scout serve` binary (built next to `scout-bench`) running on a free port.
final class ScoutServe {
    let port: UInt16
    private let process: Process

    init(threads: Int, extraArguments: [String] = [], environment: [String: String] = [:]) throws {
        port = try freeLoopbackPort()
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appending(path: "scout")
        let process = Process()
        process.executableURL = binary
        process.arguments =
            [
                "serve", "--listen", "127.0.0.1:\(port)", "--threads", "\(threads)", "--quiet",
                "--connections-per-ip", "1024",
            ] + extraArguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        try waitUntilServing("http://127.0.0.1:\(port)/healthz", what: "scout serve")
    }

    /// The reply bytes of `GET path`, fetched once.
    func fetch(_ path: String) throws -> [UInt8] {
        Array(try Command.run("curl", ["-sf", "http://127.0.0.1:\(port)\(path)"]).utf8)
    }

    /// The server's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// The resident set size of the server process, from /proc.
    var residentBytes: Int? { ProcStatus.bytes("VmRSS", process: "\(process.processIdentifier)") }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

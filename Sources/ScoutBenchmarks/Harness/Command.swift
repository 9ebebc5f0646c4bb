import Foundation

/// Runs external programs for benchmarks and reports failures with their output.
enum Command {
    /// Runs `program arguments…` (found on PATH) to completion; returns standard output.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.commandFailed(program, process.terminationStatus, text)
        }
        return text
    }

    /// Starts a long-running program with its output discarded.
    static func start(_ executable: URL, _ arguments: [String], standardOutput: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = standardOutput ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

/// Why a benchmark could not run.
enum BenchmarkError: Error, CustomStringConvertible {
    case commandFailed(String, Int32, String)
    case unparsable(String, String)
    case notReady(String)

    var description: String {
        switch self {
        case .commandFailed(let program, let status, let output):
            "\(program) exited with \(status):\n\(output)"
        case .unparsable(let program, let output): "could not read \(program)'s output:\n\(output)"
        case .notReady(let what): "\(what) did not start"
        }
    }
}

/// Finds a free TCP port on 127.0.0.1 by binding port 0 and closing.
func freeLoopbackPort() throws -> UInt16 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
        }
    }
    guard bound else { throw BenchmarkError.notReady("a free port") }
    return UInt16(bigEndian: address.sin_port)
}

/// Waits until `GET url` answers 200, for servers started in the background.
func waitUntilServing(_ url: String, what: String) throws {
    for _ in 0..<200 {
        if (try? Command.run("curl", ["-sf", "-o", "/dev/null", url])) != nil { return }
        usleep(25_000)
    }
    throw BenchmarkError.notReady(what)
}

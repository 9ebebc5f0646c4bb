import Foundation

/// A slowloris attack by `slowhttptest` (Debian's package) on a server of 127.0.0.1: many
/// connections that send their headers a line at a time and never finish (`-H`), held as long
/// as the server lets them.
///
/// ```swift
/// let outcome = try await Slowloris(connections: 500, duration: .seconds(60)).run(port: server.port)
/// outcome.peakConnected   // how many the server held open at once
/// ```
struct Slowloris: Sendable {
    var connections = 500
    var duration: Duration
    /// New connections per second while it ramps up.
    var rate = 200
    /// Seconds between the follow-up header lines of each connection.
    var interval = 10

    /// What slowhttptest reported.
    struct Outcome: Sendable {
        /// The most connections it had open at once.
        let peakConnected: Int
        /// Its last status line: `connected`, `closed`, `error` and whether it still found the
        /// service available.
        let finalStatus: String
        let command: String
    }

    func run(port: UInt16) async throws -> Outcome {
        let arguments = [
            "-c", "\(connections)", "-H", "-i", "\(interval)", "-r", "\(rate)", "-t", "GET", "-u",
            "http://127.0.0.1:\(port)/api/v1/search?q=slow", "-x", "24", "-p", "3", "-l",
            "\(duration.components.seconds)",
        ]
        let output = try await ExternalProgram.run("slowhttptest", arguments)
        return Self.parse(output, command: "slowhttptest " + arguments.joined(separator: " "))
    }

    /// Reads the status blocks slowhttptest prints every second (`connected:  500`, …).
    static func parse(_ output: String, command: String) -> Outcome {
        let plain = output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
        var peak = 0
        var last: [String: String] = [:]
        for line in plain.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard ["connected", "error", "closed", "service available", "Exit status"].contains(name) else { continue }
            last[name] = value
            if name == "connected", let count = Int(value) { peak = max(peak, count) }
        }
        let status = ["connected", "closed", "error", "service available", "Exit status"].map {
            "\($0.lowercased()) \(last[$0] ?? "?")"
        }
        return Outcome(peakConnected: peak, finalStatus: status.joined(separator: ", "), command: command)
    }
}

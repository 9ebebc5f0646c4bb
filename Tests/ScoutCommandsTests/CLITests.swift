import Foundation
import ScoutModels
import ScoutTestSupport
import Testing

/// The `scout` binary run as a process: help, version, usage errors.
@Suite("scout command line", .timeLimit(.minutes(10)))
struct CLITests {
    @Test("--version prints the version")
    func version() async throws {
        let result = try await ScoutExecutable.run(["--version"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "scout \(ScoutVersion.current)\n")
    }

    @Test("--help and help list the commands")
    func help() async throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let result = try await ScoutExecutable.run(arguments)
            #expect(result.exitCode == 0)
            #expect(result.standardOutput.contains("serve"))
            #expect(result.standardOutput.contains("Usage: scout <command>"))
        }
    }

    @Test("help <command> and <command> --help document every option")
    func commandHelp() async throws {
        for arguments in [["help", "serve"], ["serve", "--help"]] {
            let result = try await ScoutExecutable.run(arguments)
            #expect(result.exitCode == 0)
            for option in [
                "--listen", "--threads", "--connections-per-ip", "--client-rate", "--quiet", "SCOUT_LISTEN",
                "SCOUT_WIKIPEDIA_API", "SCOUT_CACHE_DIR", "/api/v1/search", "--fleet-size", "SCOUT_FLEET_SIZE",
                "--image-memory",
            ] {
                #expect(result.standardOutput.contains(option), "\(arguments) documents \(option)")
            }
        }
    }

    @Test(
        "usage errors print one line to stderr and exit 64",
        arguments: [
            [], ["frobnicate"], ["help", "frobnicate"], ["serve", "--listen"], ["serve", "--listen", "nonsense"],
            ["serve", "--listen", "127.0.0.1:99999"], ["serve", "--threads", "0"],
            ["serve", "--connections-per-ip", "x"], ["serve", "--bogus"],
            ["serve", "extra"], ["serve", "--redis", "rediss://cache:6379/0"],
            ["serve", "--redis", "redis://:s3cret@cache:99999/0"], ["serve", "--fleet-size", "0"],
            ["serve", "--fleet-size", "three"], ["serve", "--image-memory", "lots"],
        ])
    func usageErrors(arguments: [String]) async throws {
        let result = try await ScoutExecutable.run(arguments)
        #expect(result.exitCode == 64)
        #expect(result.standardOutput.isEmpty)
        if !arguments.isEmpty {
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.count == 1, "\(result.standardError)")
            #expect(result.standardError.hasPrefix("scout: "))
            #expect(result.standardError.contains("scout help") || result.standardError.contains("scout --help"))
            #expect(!result.standardError.contains("s3cret"))
        }
    }
}

import Foundation
import ScoutModels

/// The `scout` command line: dispatches to a command, or prints help or the version.
///
/// ```swift
/// exit(await ScoutCLI.run(CommandLine.arguments))
/// ```
public enum ScoutCLI {
    static let commands: [any ScoutCommand.Type] = [
        BooksCommand.self, SearchCommand.self, ServeCommand.self, TUICommand.self,
    ]

    static var overview: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { command in
            "  " + command.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + command.summary
        }
        return """
            Scout — instant search over public APIs.

            Usage: scout <command> [options]

            Commands:
            \(list.joined(separator: "\n"))

            Options:
              --help, -h     Show this help.
              --version      Show the version.

            Run 'scout help <command>' for a command's options.
            """
    }

    /// Runs the command line `arguments` (the first is the program's name) and returns the exit
    /// code; `environment` defaults to the process's, and is read once, into the
    /// ``ScoutConfiguration`` every command gets.
    public static func run(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        let words = Array(arguments.dropFirst())
        guard let first = words.first else {
            Console.error(overview)
            return ExitCode.usage
        }
        switch first {
        case "--help", "-h":
            Console.out(overview)
            return ExitCode.success
        case "--version":
            Console.out("scout \(ScoutVersion.current)")
            return ExitCode.success
        case "help":
            return help(for: words.dropFirst().first)
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            return usageError(UsageError("unknown command '\(first)'"), command: nil)
        }
        let rest = Array(words.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            Console.out(command.help)
            return ExitCode.success
        }
        let instance: any ScoutCommand
        do throws(UsageError) {
            instance = try command.init(arguments: rest, configuration: ScoutConfiguration(environment: environment))
        } catch {
            return usageError(error, command: command.name)
        }
        return await instance.run()
    }

    private static func help(for name: String?) -> Int32 {
        guard let name else {
            Console.out(overview)
            return ExitCode.success
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            return usageError(UsageError("unknown command '\(name)'"), command: nil)
        }
        Console.out(command.help)
        return ExitCode.success
    }

    /// One line saying what was wrong and where to look, on standard error.
    private static func usageError(_ error: UsageError, command: String?) -> Int32 {
        let hint = command.map { "scout help \($0)" } ?? "scout --help"
        Console.error("scout: \(error.message). See '\(hint)'.")
        return ExitCode.usage
    }
}

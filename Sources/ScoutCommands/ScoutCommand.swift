/// One `scout` subcommand: parses its own arguments, then runs.
protocol ScoutCommand: Sendable {
    /// The word after `scout`.
    static var name: String { get }
    /// One line for `scout --help`.
    static var summary: String { get }
    /// The full text of `scout help <name>`.
    static var help: String { get }

    /// Parses arguments (everything after the command's name) over the process's
    /// `configuration`; throws on misuse.
    init(arguments: [String], configuration: ScoutConfiguration) throws(UsageError)

    /// Does the work and returns the process exit code.
    func run() async -> Int32
}

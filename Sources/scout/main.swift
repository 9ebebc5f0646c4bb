import Foundation
import ScoutCommands

// Thin on purpose: every command lives in ScoutCommands, where tests can reach it.
exit(await ScoutCLI.run(CommandLine.arguments))

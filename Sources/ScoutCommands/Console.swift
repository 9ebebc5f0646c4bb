import Foundation

/// Where commands write: standard output for results, standard error for everything else.
enum Console {
    static func out(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
    static func error(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
}

/// Process exit codes, after BSD's sysexits where one fits.
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
}

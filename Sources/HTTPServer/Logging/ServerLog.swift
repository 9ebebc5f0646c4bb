import Foundation

/// Operational messages of the server (not the access log), one line each to standard error.
public enum ServerLog {
    /// Writes `message` as one line, with control characters escaped.
    public static func write(_ message: String) {
        let clean = message.unicodeScalars.map { $0.value < 0x20 ? " " : String($0) }.joined()
        FileHandle.standardError.write(Data("scout: \(clean)\n".utf8))
    }
}

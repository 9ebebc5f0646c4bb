import Foundation

/// Sizes from Linux's `/proc/<pid>/status`, one parser for every benchmark that reads them.
enum ProcStatus {
    /// A size line of the status file (`"VmRSS:\t  563412 kB"`) in bytes: `process` is a pid, or
    /// `"self"`; nil off Linux, or once the process is gone.
    static func bytes(_ field: String, process: String = "self") -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
        let number = line?.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first
        return number.flatMap { Int($0) }.map { $0 * 1024 }
    }
}

import Foundation

/// This process's memory, as the kernel counts it.
public enum ResidentMemory {
    /// The resident set size in bytes (VmRSS in /proc/self/status); 0 where there is no /proc.
    ///
    /// ```swift
    /// let before = ResidentMemory.bytes()
    /// ```
    public static func bytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kilobytes * 1024
    }
}

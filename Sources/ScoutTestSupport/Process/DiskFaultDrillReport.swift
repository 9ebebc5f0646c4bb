import Foundation
import ScoutModels

/// What `DiskFaultDrill` prints and the disk-fault tests read: one ``Load`` per image load as a
/// JSON line, then `summary ` and the ``Summary``.
public enum DiskFaultDrillReport {
    /// One load: the URL, and the bytes' length and ``fingerprint(_:)``, or the error.
    public struct Load: Codable, Sendable {
        public let url: String
        public let length: Int?
        public let hash: String?
        public let error: String?

        public init(url: String, length: Int?, hash: String?, error: String?) {
            self.url = url
            self.length = length
            self.hash = hash
            self.error = error
        }
    }

    /// The run's totals and the loader's counters at its end.
    public struct Summary: Codable, Sendable {
        public let loads: Int
        public let failures: Int
        public let diskHits: Int
        public let diskWriteFailures: Int
        public let diskFallbacks: Int
        public let corruptEntriesRemoved: Int
        public let downloads: Int
        public let isMemoryOnly: Bool

        public init(
            loads: Int, failures: Int, diskHits: Int, diskWriteFailures: Int, diskFallbacks: Int,
            corruptEntriesRemoved: Int, downloads: Int, isMemoryOnly: Bool
        ) {
            self.loads = loads
            self.failures = failures
            self.diskHits = diskHits
            self.diskWriteFailures = diskWriteFailures
            self.diskFallbacks = diskFallbacks
            self.corruptEntriesRemoved = corruptEntriesRemoved
            self.downloads = downloads
            self.isMemoryOnly = isMemoryOnly
        }
    }

    /// The prefix of the summary line.
    public static let summaryPrefix = "summary "

    /// FNV-1a, 64 bits, in hex: enough to tell a wrong byte from the right ones in a test.
    public static func fingerprint(_ bytes: some Sequence<UInt8>) -> String { FNV1a.hex(bytes) }
}

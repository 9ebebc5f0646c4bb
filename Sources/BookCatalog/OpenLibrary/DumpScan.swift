import Foundation

/// One pass over a dump's files, line by line, in the order given: each line handed on with its
/// file's index, progress reported every ``reportEvery`` lines (with the bytes read across the
/// pass's files, so a bar shows the pass's ETA, and no records: a reading pass commits none, and
/// `--progress lines` prints each report as a promise of committed rows), cancellation checked
/// as often.
struct DumpScan {
    let files: [URL]
    let maxLineBytes: Int
    let phase: String
    let progress: ImportProgressHandler?
    let elapsed: () -> Duration

    /// Lines between progress reports and cancellation checks.
    static let reportEvery = 50_000

    /// Calls `body` with each line of each file. Throws ``BookCatalogError`` for an unreadable or corrupt
    /// file, `CancellationError` when the task is cancelled.
    func run(_ body: (_ file: Int, _ line: DumpLine) throws -> Void) throws {
        let totalBytes = try files.reduce(0) { $0 + (try Self.size(of: $1)) }
        var finishedBytes = 0
        var sinceReport = 0
        func report(_ bytesRead: Int, finished: Bool) {
            progress?(
                ImportProgress(
                    phase: phase, bytesRead: bytesRead, totalBytes: totalBytes, records: 0, elapsed: elapsed(),
                    isFinished: finished))
        }
        for (index, url) in files.enumerated() {
            let file = try DumpFile(url: url)
            var lines = DumpLines(file: file, maxBytes: maxLineBytes)
            while let line = try lines.next() {
                try body(index, line)
                sinceReport += 1
                if sinceReport >= Self.reportEvery {
                    sinceReport = 0
                    try Task.checkCancellation()
                    report(finishedBytes + file.bytesRead, finished: false)
                }
            }
            finishedBytes += file.totalBytes
        }
        report(finishedBytes, finished: true)
    }

    static func size(of url: URL) throws -> Int {
        do {
            return (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw BookCatalogError.unreadableFile(path: url.path, reason: error.localizedDescription)
        }
    }
}

import Foundation

extension DumpScan {
    /// The most lines, and bytes of lines, in one chunk handed from the reading thread.
    static let chunkLines = 4096
    static let chunkBytes = 4 << 20

    /// ``run(_:)`` with the files inflated and split into lines on a thread of their own, a chunk
    /// ahead of `body`: reading runs on one core while `body` parses on another. At most
    /// ``DumpLineQueue/capacity`` chunks wait (each at most ``chunkLines`` lines and
    /// ``chunkBytes`` plus one line), so memory stays bounded whatever the dump's size. Progress is
    /// reported as lines are read, at most those chunks ahead of `body`. Returns only once the
    /// reading thread has ended, also when `body` throws or the task is cancelled.
    func runReadingAhead(_ body: (_ file: Int, _ line: DumpLine) throws -> Void) throws {
        let queue = DumpLineQueue()
        let reader = UncheckedScan(scan: self)
        let thread = Thread {
            var chunk: [DumpLineQueue.Entry] = []
            var bytes = 0
            do {
                try reader.scan.run { file, line in
                    chunk.append(DumpLineQueue.Entry(file: file, line: line))
                    bytes += line.bytes?.count ?? 0
                    guard chunk.count >= Self.chunkLines || bytes >= Self.chunkBytes else { return }
                    guard queue.put(chunk) else { throw CancellationError() }
                    chunk = []
                    bytes = 0
                }
                if !chunk.isEmpty { _ = queue.put(chunk) }
                queue.finish(nil)
            } catch {
                queue.finish(error)
            }
        }
        thread.start()
        defer { queue.stop() }
        while let chunk = try queue.take() {
            try Task.checkCancellation()
            for entry in chunk { try body(entry.file, entry.line) }
        }
    }

    /// The scan, handed to the reading thread: only that thread uses it (its `elapsed` closure
    /// reads a clock, which is safe from any thread).
    private struct UncheckedScan: @unchecked Sendable {
        let scan: DumpScan
    }
}

/// Chunks of lines passed from one reading thread to one parsing task, at most ``capacity``
/// waiting: the reader waits when they are full, the parser when they are empty.
final class DumpLineQueue: @unchecked Sendable {
    /// A line and the index of its file.
    struct Entry {
        let file: Int
        let line: DumpLine
    }

    /// Chunks read but not yet taken.
    let capacity = 2
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var chunks: [[Entry]] = []
    private var isFinished = false
    private var isStopped = false
    private var failure: (any Error)?

    /// Queues `chunk`, waiting for room; `false` when the parser stopped taking.
    func put(_ chunk: [Entry]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while chunks.count >= capacity, !isStopped { condition.wait() }
        guard !isStopped else { return false }
        chunks.append(chunk)
        condition.broadcast()
        return true
    }

    /// The reader is done, with the error that ended it if one did.
    func finish(_ error: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        isFinished = true
        failure = error
        condition.broadcast()
    }

    /// The next chunk, waiting for it; `nil` when the reader is done; the reader's error if it
    /// failed.
    func take() throws -> [Entry]? {
        condition.lock()
        defer { condition.unlock() }
        while chunks.isEmpty, !isFinished { condition.wait() }
        guard chunks.isEmpty else {
            condition.broadcast()
            return chunks.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// The parser takes no more: the reader stops at its next chunk. Waits until it has ended,
    /// so no thread reads the files after the pass returns.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        isStopped = true
        chunks.removeAll()
        condition.broadcast()
        while !isFinished { condition.wait() }
    }
}

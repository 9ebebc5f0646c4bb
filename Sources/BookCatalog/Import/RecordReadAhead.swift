/// Reads an import's records a batch ahead on another task than the one writing, so parsing
/// (JSON decoding, CSV splitting, field mapping) runs on one core while the store commits the
/// previous batch on another. At most two chunks of about a batch each are held at once (the
/// one being written and the one being read), so memory stays bounded whatever the file's size.
///
/// Only one task touches the records at a time: ``ImportRun`` awaits each chunk before it asks
/// for the next, which is what makes the unchecked `Sendable` sound.
final class RecordReadAhead<Records: ImportRecords>: @unchecked Sendable {
    /// One record's rows and the bytes of input consumed once it was read, for progress.
    struct Record: Sendable {
        let rows: [ImportRow]
        let bytesRead: Int
        /// ``BookMatchKeys`` of each of its books as ``ImportBatcher`` will cap
        /// them, in order: worked out here, on the reading task, rather than by the store's
        /// writer, which the import waits on (issue #37's profile).
        let matchKeys: [BookMatchKeys]
    }

    private var records: Records
    /// The size of the input, fixed before reading starts.
    let totalBytes: Int

    /// Bytes of input consumed so far; read it only while no ``chunk(rows:)`` is under way.
    var bytesRead: Int { records.bytesRead }

    init(_ records: Records) {
        self.records = records
        totalBytes = records.totalBytes
    }

    /// Passes over up to `count` records (those an interrupted run committed); returns how many
    /// there were.
    func skip(_ count: Int) throws -> Int {
        var passed = 0
        while passed < count, try records.next() != nil { passed += 1 }
        return passed
    }

    /// The next records, until they hold at least `rows` rows or the input ends; empty at the end.
    /// A record is never split, so a chunk may hold a few rows more.
    func chunk(rows: Int) throws -> [Record] {
        var chunk: [Record] = []
        var count = 0
        while count < rows, let next = try records.next() {
            chunk.append(Record(rows: next, bytesRead: records.bytesRead, matchKeys: Self.matchKeys(of: next)))
            // A record of no rows still counts, so a file of blank-free empty records ends.
            count += max(next.count, 1)
        }
        return chunk
    }

    /// The match keys of the books among `rows`, each capped first as the batch will cap it
    /// (``ImportBatch/capFields()``, the same function of the same book), so they are the keys
    /// of the book the store is given.
    static func matchKeys(of rows: [ImportRow]) -> [BookMatchKeys] {
        rows.compactMap { row in
            guard case .book(var book) = row else { return nil }
            book.capFields()
            return BookMatchKeys(of: book)
        }
    }
}

import Foundation

/// The last pass over a dump, as import records: each `/type/work` line of the files that hold
/// works, in file order, becomes its book — authors resolved through the ``OpenLibraryIndex``,
/// its editions' ``EditionSummary`` merged in — or a bad line noted in ``DumpSkips``. A work the
/// dump also redirects or deletes is left out. Records are counted across the files, so the
/// import's one checkpoint says how far into the whole pass it got.
struct OpenLibraryWorkRecords: ImportRecords {
    private let files: [URL]
    private let names: [String]
    private let maxLineBytes: Int
    private let index: OpenLibraryIndex
    private let editions: [Int: EditionSummary]
    private let skips: DumpSkips
    private var fileIndex = 0
    private var current: DumpLines?
    private var finishedBytes = 0
    let totalBytes: Int

    init(
        files: [URL], names: [String], maxLineBytes: Int, index: OpenLibraryIndex, editions: [Int: EditionSummary],
        skips: DumpSkips
    ) throws {
        self.files = files
        self.names = names
        self.maxLineBytes = maxLineBytes
        self.index = index
        self.editions = editions
        self.skips = skips
        totalBytes = try files.reduce(0) { $0 + (try DumpScan.size(of: $1)) }
    }

    var bytesRead: Int { finishedBytes + (current?.file.bytesRead ?? 0) }

    mutating func next() throws -> [ImportRow]? {
        while fileIndex < files.count {
            if current == nil { current = DumpLines(file: try DumpFile(url: files[fileIndex]), maxBytes: maxLineBytes) }
            guard let line = try current?.next() else {
                finishedBytes += current?.file.totalBytes ?? 0
                current = nil
                fileIndex += 1
                continue
            }
            // Lines past the cap were reported by the first pass.
            guard let bytes = line.bytes, OpenLibraryRecordType(line: bytes) == .work else { continue }
            switch OpenLibraryLine.parse(bytes) {
            case .success(.work(let work)?):
                guard !index.retiredWorks.contains(work.key.number) else { return [] }
                let book = work.book(authors: index.names(of: work.authors), editions: editions[work.key.number])
                return [.book(book)]
            case .success:
                return []
            case .failure(let refusal):
                skips.add(file: names[fileIndex], line: line.number, reason: refusal.reason)
                return []
            }
        }
        return nil
    }
}

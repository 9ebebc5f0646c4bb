/// Maps the goodbooks-10k files besides `books.csv` — tags, ratings, to-read shelves — to
/// import rows that refer to books by their Goodreads id.
enum GoodbooksSignals {
    /// How many tags a book keeps, most used first: enough for similarity, without the long tail
    /// of one-reader shelves.
    static let tagsPerBook = 20

    /// `tags.csv`: tag id → name.
    static func tagNames(from reader: CSVReader) throws -> [String: String] {
        var reader = reader
        let header = try CSVHeader(reading: &reader, requiring: ["tag_id", "tag_name"])
        var names: [String: String] = [:]
        while let record = try reader.next() {
            let name = header.field("tag_name", in: record)
            if !name.isEmpty { names[header.field("tag_id", in: record)] = name }
        }
        return names
    }

    /// `book_tags.csv` as one record per book (its tags, most used first) plus one per bad row.
    static func bookTagRecords(from reader: CSVReader, names: [String: String]) throws -> ArrayRecords {
        var reader = reader
        let header = try CSVHeader(reading: &reader, requiring: ["goodreads_book_id", "tag_id", "count"])
        var order: [String] = []
        var tagsByBook: [String: [(name: String, count: Int)]] = [:]
        var skipped: [[ImportRow]] = []
        while let record = try reader.next() {
            func skip(_ reason: String) { skipped.append([.skipped(SkippedRow(line: record.line, reason: reason))]) }
            let book = header.field("goodreads_book_id", in: record)
            guard let id = Int64(book), id > 0 else {
                skip("goodreads_book_id is not a positive integer.")
                continue
            }
            guard let name = names[header.field("tag_id", in: record)] else {
                skip("tag_id is not in tags.csv.")
                continue
            }
            guard let count = Int(header.field("count", in: record)) else {
                skip("count is not a whole number.")
                continue
            }
            if tagsByBook[book] == nil { order.append(book) }
            tagsByBook[book, default: []].append((name, count))
        }
        let records = order.map { book -> [ImportRow] in
            let ranked = (tagsByBook[book] ?? []).enumerated()
                .sorted {
                    $0.element.count != $1.element.count ? $0.element.count > $1.element.count : $0.offset < $1.offset
                }
                .map(\.element.name)
            var seen = Set<String>()
            let tags = ranked.filter { seen.insert($0).inserted }.prefix(tagsPerBook)
            return [.tags(BookTags(book: key(book), tags: Array(tags)))]
        }
        return ArrayRecords(records: skipped + records, totalBytes: reader.byteCount)
    }

    /// `books.csv`'s `book_id` (what ratings and to-read rows name) → `goodreads_book_id` (the
    /// natural key).
    static func goodreadsIDs(from reader: CSVReader) throws -> [String: String] {
        var reader = reader
        let header = try CSVHeader(reading: &reader, requiring: ["book_id", "goodreads_book_id"])
        var ids: [String: String] = [:]
        while let record = try reader.next() {
            ids[header.field("book_id", in: record)] = header.field("goodreads_book_id", in: record)
        }
        return ids
    }

    /// `ratings.csv` (`shelf` false) or `to_read.csv` (`shelf` true), one reading per row.
    static func readingRecords(from reader: CSVReader, goodreadsIDs: [String: String], shelf: Bool) throws -> CSVRecords
    {
        var reader = reader
        let columns = shelf ? ["user_id", "book_id"] : ["user_id", "book_id", "rating"]
        let header = try CSVHeader(reading: &reader, requiring: columns)
        return CSVRecords(reader: reader) { record in
            func skip(_ reason: String) -> [ImportRow] { [.skipped(SkippedRow(line: record.line, reason: reason))] }
            let user = header.field("user_id", in: record)
            guard let userID = Int64(user), userID > 0 else { return skip("user_id is not a positive integer.") }
            guard let book = goodreadsIDs[header.field("book_id", in: record)] else {
                return skip("book_id is not a book_id of books.csv.")
            }
            var rating: Int?
            if !shelf {
                guard let value = Int(header.field("rating", in: record)), (1...5).contains(value) else {
                    return skip("rating is not a whole number from 1 to 5.")
                }
                rating = value
            }
            return [
                .reading(Reading(reader: "goodbooks:\(userID)", book: key(book), rating: rating, wantsToRead: shelf))
            ]
        }
    }

    private static func key(_ goodreadsID: String) -> BookKey {
        BookKey(source: GoodbooksRow.source, sourceID: goodreadsID)
    }
}

/// Records already read into memory; progress is reported in proportion to the file's size.
struct ArrayRecords: ImportRecords {
    let records: [[ImportRow]]
    let totalBytes: Int
    private var position = 0

    init(records: [[ImportRow]], totalBytes: Int) {
        self.records = records
        self.totalBytes = totalBytes
    }

    mutating func next() throws -> [ImportRow]? {
        guard position < records.count else { return nil }
        defer { position += 1 }
        return records[position]
    }

    var bytesRead: Int { records.isEmpty ? totalBytes : totalBytes * position / records.count }
}

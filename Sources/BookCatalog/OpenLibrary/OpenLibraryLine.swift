import Foundation

/// Reads one line of an Open Library dump: five tab-separated columns — type, key, revision,
/// last modified, then the record's JSON — into an ``OpenLibraryRecord``, or says why it cannot.
/// Pure: no I/O, no state; what a line holds is hostile, so the JSON is read in one bounded pass
/// (``DumpJSONReader``: nesting, lists and texts capped as they are read) and every text is cut
/// to its ``FieldLimits``.
///
/// ```swift
/// let line = "/type/author\t/authors/OL1A\t3\t2021-01-01T00:00:00\t{\"name\":\"Ursula K. Le Guin\"}"
/// OpenLibraryLine.parse(Array(line.utf8))
/// // .success(.author(OpenLibraryKey("/authors/OL1A")!, name: "Ursula K. Le Guin"))
/// ```
enum OpenLibraryLine {
    /// Why a line was skipped: a sentence naming the column or field, never quoting the line.
    struct Refusal: Error, Hashable {
        let reason: String
    }

    /// The deepest JSON nesting read; real records nest four deep.
    static let maxDepth = 16

    /// The record on `line`, `nil` for a type Scout does not read (`/type/language`, …).
    static func parse(_ line: [UInt8]) -> Result<OpenLibraryRecord?, Refusal> {
        parse(line, reading: readJSON)
    }

    /// ``parse(_:)`` with `read` turning the JSON column into fields (tests pass the decoder
    /// the reader replaced, to compare the two).
    static func parse(
        _ line: [UInt8], reading read: (ArraySlice<UInt8>) -> Result<OpenLibraryJSON, Refusal>
    ) -> Result<OpenLibraryRecord?, Refusal> {
        let type = OpenLibraryRecordType(line: line)
        guard type != .other else { return .success(nil) }
        let columns = line.split(separator: UInt8(ascii: "\t"), maxSplits: 4, omittingEmptySubsequences: false)
        guard columns.count == 5 else {
            return .failure(
                Refusal(reason: "The line has \(columns.count) columns, not 5 (type, key, revision, date, JSON)."))
        }
        guard let key = OpenLibraryKey(utf8: columns[1]) else {
            return .failure(Refusal(reason: "The key column is not an Open Library author, work or edition key."))
        }
        let expected: OpenLibraryKey.Kind? =
            switch type {
            case .author: .author
            case .work: .work
            case .edition: .edition
            default: nil
            }
        if let expected, key.kind != expected {
            return .failure(Refusal(reason: "The key column names another kind of record than the type column."))
        }
        if type == .delete { return .success(.delete(key)) }
        return read(columns[4]).flatMap { record(type, key: key, fields: $0) }
    }

    /// The refusal of a JSON column that nests too deep.
    static let tooDeep = Refusal(reason: "The JSON nests deeper than \(maxDepth) levels.")
    /// The refusal of a JSON column that is not a JSON object.
    static let notAnObject = Refusal(reason: "The JSON column is not a JSON object.")

    /// The fields of `json`, read in one pass by ``DumpJSONReader``. The refusal says what the
    /// decoder before it said: nesting is judged first, as ``JSONNesting`` measures it over the
    /// whole column — which the reader's own count matches on every text it reads to the end
    /// unless a `\u` escape was odd, so ``JSONNesting`` only runs then or when reading failed.
    static func readJSON(_ json: ArraySlice<UInt8>) -> Result<OpenLibraryJSON, Refusal> {
        let (result, hasOddEscape) = OpenLibraryJSON.read(json, maxDepth: maxDepth)
        switch result {
        case .success(let fields):
            guard !hasOddEscape || JSONNesting.isWithin(json, depth: maxDepth) else { return .failure(tooDeep) }
            return .success(fields)
        case .failure(.tooDeep) where !hasOddEscape:
            return .failure(tooDeep)
        case .failure(let stop):
            guard JSONNesting.isWithin(json, depth: maxDepth) else { return .failure(tooDeep) }
            // When the reader's depth ran out where JSONNesting's did not (an odd escape), the
            // decoder went on to its own limit of 512.
            guard stop == .tooDeep, case .success(let fields) = OpenLibraryJSON.read(json, maxDepth: 512).0 else {
                return .failure(notAnObject)
            }
            return .success(fields)
        }
    }

    private static func record(
        _ type: OpenLibraryRecordType, key: OpenLibraryKey, fields: OpenLibraryJSON
    ) -> Result<OpenLibraryRecord?, Refusal> {
        switch type {
        case .author:
            guard let name = cleaned(fields.name, FieldLimits.authors) else {
                return .failure(Refusal(reason: "The author has no name."))
            }
            return .success(.author(key, name: name))
        case .work:
            guard let title = cleaned(fields.title, FieldLimits.title) else {
                return .failure(Refusal(reason: "The work has no title."))
            }
            return .success(.work(work(key: key, title: title, fields: fields)))
        case .edition:
            let works = fields.works.compactMap { OpenLibraryKey($0) }.filter { $0.kind == .work }
            return .success(.edition(edition(key: key, works: works, fields: fields)))
        case .redirect:
            guard let location = fields.location.flatMap({ OpenLibraryKey($0) }), location.kind == key.kind else {
                return .failure(Refusal(reason: "The redirect's location is not a key of the same kind."))
            }
            return .success(.redirect(key, location: location))
        case .delete, .other:
            return .success(nil)
        }
    }

    private static func work(key: OpenLibraryKey, title: String, fields: OpenLibraryJSON) -> OpenLibraryWork {
        OpenLibraryWork(
            key: key, title: title, subtitle: cleaned(fields.subtitle, FieldLimits.title),
            authors: Array(
                fields.authors.compactMap { OpenLibraryKey($0) }.filter { $0.kind == .author }
                    .prefix(FieldLimits.authors.count)),
            subjects: cleaned(fields.subjects, FieldLimits.tags),
            firstPublishYear: fields.firstPublishDate.flatMap(year(in:)),
            coverID: fields.covers.first { $0 > 0 },
            description: cleaned(fields.description, FieldLimits.description))
    }

    private static func edition(key: OpenLibraryKey, works: [OpenLibraryKey], fields: OpenLibraryJSON)
        -> OpenLibraryEdition
    {
        OpenLibraryEdition(
            key: key, works: Array(works.prefix(OpenLibraryJSON.maxWorks)),
            isbn10: fields.isbn10.lazy.compactMap { isbn($0, length: 10) }.first,
            isbn13: fields.isbn13.lazy.compactMap { isbn($0, length: 13) }.first,
            languages: Array(
                fields.languages.lazy.compactMap(OpenLibraryJSON.languageCode).prefix(OpenLibraryJSON.maxLanguages)),
            publishers: cleaned(fields.publishers, OpenLibraryJSON.publishers),
            series: cleaned(fields.series, OpenLibraryJSON.series),
            coverID: fields.covers.first { $0 > 0 },
            publishYear: fields.publishDate.flatMap(year(in:)))
    }

    /// `text` trimmed and cut to `limit`; `nil` when nothing is left.
    static func cleaned(_ text: String?, _ limit: FieldLimit) -> String? {
        guard let text else { return nil }
        // Nearly every text of a dump already fits and starts and ends with a visible ASCII
        // byte: neither the cut nor the trims would change it, and walking its characters to
        // trim was 8 % of an import's CPU (perf, 200,000 works). An ASCII byte at either end is
        // a whole character there, and a visible one is not whitespace.
        if text.utf8.count <= limit.bytes, let first = text.utf8.first, let last = text.utf8.last,
            isVisibleASCII(first), isVisibleASCII(last)
        {
            return text
        }
        let trimmed = limit.cut(text.trimmingWhitespace()).trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Whether `byte` is a printable ASCII character other than space (`!` to `~`).
    private static func isVisibleASCII(_ byte: UInt8) -> Bool { (0x21...0x7E).contains(byte) }

    /// The first `limit.count` texts of `list` that are not empty, each cut to `limit`.
    static func cleaned(_ list: [String], _ limit: FieldLimit) -> [String] {
        Array(list.lazy.compactMap { cleaned($0, limit) }.prefix(limit.count))
    }

    /// The first run of exactly four digits in `date` (`"July 29, 1954"`, `"c1954"`,
    /// `"1954-07-29"`), if it is a year up to 2100.
    static func year(in date: String) -> Int? {
        var run = 0
        var value = 0
        for byte in Array(date.utf8.prefix(64)) + [0] {
            if (48...57).contains(byte) {
                run += 1
                value = value * 10 + Int(byte - 48)
                continue
            }
            if run == 4, (1...2100).contains(value) { return value }
            run = 0
            value = 0
        }
        return nil
    }

    /// `text` without hyphens or spaces when it is then an ISBN of `length` characters (digits, an
    /// ISBN-10 may end in X).
    static func isbn(_ text: String, length: Int) -> String? {
        let kept = text.utf8.prefix(64).filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: " ") }
        guard kept.count == length else { return nil }
        for (index, byte) in kept.enumerated() {
            let isDigit = (48...57).contains(byte)
            let isCheckX = length == 10 && index == 9 && (byte == UInt8(ascii: "X") || byte == UInt8(ascii: "x"))
            guard isDigit || isCheckX else { return nil }
        }
        return String(decoding: kept, as: UTF8.self).uppercased()
    }
}

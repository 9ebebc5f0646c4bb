import Foundation

/// Reads one line of an Open Library dump: five tab-separated columns — type, key, revision,
/// last modified, then the record's JSON — into an ``OpenLibraryRecord``, or says why it cannot.
/// Pure: no I/O, no state; what a line holds is hostile, so the JSON's nesting is bounded before
/// it is decoded and every text is cut to its ``FieldLimits``.
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
    static func parse(_ line: [UInt8], decoder: JSONDecoder = JSONDecoder()) -> Result<OpenLibraryRecord?, Refusal> {
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
        let json = columns[4]
        guard JSONNesting.isWithin(json, depth: maxDepth) else {
            return .failure(Refusal(reason: "The JSON nests deeper than \(maxDepth) levels."))
        }
        let fields: OpenLibraryJSON
        do {
            fields = try decoder.decode(OpenLibraryJSON.self, from: Data(json))
        } catch {
            return .failure(Refusal(reason: "The JSON column is not a JSON object."))
        }
        return record(type, key: key, fields: fields)
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
            let works = fields.works.compactMap { $0.key.flatMap { OpenLibraryKey($0) } }.filter { $0.kind == .work }
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
                fields.authors.compactMap { $0.key.flatMap { OpenLibraryKey($0) } }.filter { $0.kind == .author }
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
            key: key, works: Array(works.prefix(4)),
            isbn10: fields.isbn10.lazy.compactMap { isbn($0, length: 10) }.first,
            isbn13: fields.isbn13.lazy.compactMap { isbn($0, length: 13) }.first,
            languages: Array(
                fields.languages.lazy.compactMap { $0.key }.filter { $0.hasPrefix("/languages/") }
                    .map { String($0.dropFirst("/languages/".count)) }
                    .filter { (2...8).contains($0.utf8.count) && $0.allSatisfy(\.isASCII) }.prefix(4)),
            publishers: cleaned(fields.publishers, FieldLimit(bytes: 256, count: 4)),
            series: cleaned(fields.series, FieldLimit(bytes: FieldLimits.series.bytes, count: 4)),
            coverID: fields.covers.first { $0 > 0 },
            publishYear: fields.publishDate.flatMap(year(in:)))
    }

    /// `text` trimmed and cut to `limit`; `nil` when nothing is left.
    static func cleaned(_ text: String?, _ limit: FieldLimit) -> String? {
        guard let text else { return nil }
        let trimmed = limit.cut(text.trimmingWhitespace()).trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

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

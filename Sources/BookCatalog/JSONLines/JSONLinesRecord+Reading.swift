import Foundation

/// Reading a ``JSONLinesRecord`` in one pass with ``DumpJSONReader``, with the meaning
/// `JSONDecoder` gave it — for the lines where that meaning is plain: an object whose keys all
/// read, the first of duplicate keys winning, every field Scout reads of its type or `null`,
/// numbers in JSON's grammar and `Double`'s range, URLs that `URL(string:)` takes. Anything else
/// (a bad row, a backup line, an odd but accepted token such as `1.0` for a year) is declined,
/// and ``JSONLinesRecord/rows(of:line:decoder:)`` hands that line to the decoder, so a refused
/// row is refused with the same reason as before. Declined lines are rare in Scout's own files;
/// suite "JSON Lines reader" checks both readings agree on every kind of line.
extension JSONLinesRecord {
    /// Deep enough for every shape the format has (a series entry is two deep); deeper lines go
    /// to the decoder, which has its own bound.
    static let readerDepth = 16

    /// The record on `line`, or `nil` when the reader leaves the line to the decoder.
    static func read(_ line: UnsafeBufferPointer<UInt8>) -> JSONLinesRecord? {
        var reader = DumpJSONReader(line, maxDepth: readerDepth)
        var fields = Fields()
        do throws(DumpJSONReader.Stop) {
            guard reader.peek() == DumpJSONReader.Byte.openBrace else { return nil }
            try fields.read(&reader)
            guard reader.isAtEnd(), !reader.hasOddEscape else { return nil }
        } catch {
            return nil
        }
        return fields.record
    }

    /// The top-level keys: those of a record, and those that make a backup line.
    enum Field: Int, CaseIterable {
        case source, sourceID, title, seriesName, seriesNumber, series, alternateTitles, authors, year, isbn10
        case isbn13, language, averageRating, ratingsCount, coverURL, smallCoverURL, tags, description
        case sourceURL, keys, titleReading, authorReadings, reading, link, relation

        static let names: [(name: [UInt8], field: Field)] = allCases.map { (Array(String(describing: $0).utf8), $0) }

        init?(_ key: UnsafeBufferPointer<UInt8>) {
            guard let found = Self.names.first(where: { $0.name.elementsEqual(key) }) else { return nil }
            self = found.field
        }
    }

    /// The fields read so far, and which keys were seen.
    struct Fields {
        var record = JSONLinesRecord(source: "", sourceID: "", title: "")
        var seen: UInt32 = 0

        mutating func read(_ reader: inout DumpJSONReader) throws(DumpJSONReader.Stop) {
            seen = try reader.readFirstMembers(naming: Field.init) { field, reader throws(DumpJSONReader.Stop) in
                try record.read(field, &reader)
            }
            // A required field missing: the decoder says which.
            let required = [Field.source, .sourceID, .title].reduce(UInt32(0)) { $0 | 1 << $1.rawValue }
            guard seen & required == required else { throw .invalid }
        }
    }
}

extension JSONLinesRecord {
    /// An empty record for the reader to fill.
    fileprivate init(source: String, sourceID: String, title: String) {
        self.source = source
        self.sourceID = sourceID
        self.title = title
    }

    fileprivate mutating func read(_ field: Field, _ reader: inout DumpJSONReader) throws(DumpJSONReader.Stop) {
        typealias Value = JSONLinesValue
        guard !Value.isNull(&reader) || field.isOptional else { throw .invalid }
        switch field {
        case .source: source = try Value.text(&reader)
        case .sourceID: sourceID = try Value.text(&reader)
        case .title: title = try Value.text(&reader)
        case .seriesName: seriesName = try Value.optionalText(&reader)
        case .seriesNumber: seriesNumber = try Value.optionalDouble(&reader)
        case .series: series = try Value.optionalMemberships(&reader)
        case .alternateTitles: alternateTitles = try Value.optionalLossyStrings(&reader)
        case .authors: authors = try Value.optionalTexts(&reader)
        case .year: year = try Value.optionalInteger(&reader)
        case .isbn10: isbn10 = try Value.optionalText(&reader)
        case .isbn13: isbn13 = try Value.optionalText(&reader)
        case .language: language = try Value.optionalText(&reader)
        case .averageRating: averageRating = try Value.optionalDouble(&reader)
        case .ratingsCount: ratingsCount = try Value.optionalInteger(&reader)
        case .coverURL: coverURL = try Value.optionalURL(&reader)
        case .smallCoverURL: smallCoverURL = try Value.optionalURL(&reader)
        case .tags: tags = try Value.optionalTexts(&reader)
        case .description: description = try Value.optionalText(&reader)
        case .sourceURL: sourceURL = try Value.optionalURL(&reader)
        case .keys: keys = try Value.optionalBookKeys(&reader)
        case .titleReading: titleReading = try Value.optionalText(&reader)
        case .authorReadings: authorReadings = try Value.optionalReadings(&reader)
        // A backup line: left to the decoder, which reads those.
        case .reading, .link, .relation: throw .invalid
        }
    }
}

extension JSONLinesRecord.Field {
    /// Whether `null` reads as absent; for the three required fields it is an error.
    fileprivate var isOptional: Bool { self != .source && self != .sourceID && self != .title }
}

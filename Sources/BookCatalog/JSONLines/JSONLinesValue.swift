import Foundation

/// The values of a JSON Lines record as ``JSONLinesRecord/read(_:)`` reads them: each of its
/// type as `JSONDecoder` read it, or ``DumpJSONReader/Stop/invalid`` for anything the decoder
/// would have read otherwise or refused (a value of another type, an unreadable string, a
/// number out of the plain grammar), which sends the line to the decoder.
enum JSONLinesValue {
    typealias Reader = DumpJSONReader
    typealias Stop = DumpJSONReader.Stop

    /// Whether the value at the cursor is `null`; not consumed.
    static func isNull(_ reader: inout Reader) -> Bool {
        reader.peek() == UInt8(ascii: "n")
    }

    /// Consumes a `null` at the cursor; `true` when there was one.
    private static func skipNull(_ reader: inout Reader) throws(Stop) -> Bool {
        guard isNull(&reader) else { return false }
        try reader.skipValue()
        return true
    }

    static func text(_ reader: inout Reader) throws(Stop) -> String {
        guard reader.peek() == Reader.Byte.quote else { throw .invalid }
        let span = try reader.string()
        guard let text = reader.text(span) else { throw .invalid }
        return text
    }

    static func optionalText(_ reader: inout Reader) throws(Stop) -> String? {
        try skipNull(&reader) ? nil : text(&reader)
    }

    static func optionalDouble(_ reader: inout Reader) throws(Stop) -> Double? {
        guard try !skipNull(&reader) else { return nil }
        guard let value = reader.finiteDouble(try number(&reader)) else { throw .invalid }
        return value
    }

    static func optionalInteger(_ reader: inout Reader) throws(Stop) -> Int? {
        guard try !skipNull(&reader) else { return nil }
        guard let value = reader.plainInteger(try number(&reader)) else { throw .invalid }
        return value
    }

    private static func number(_ reader: inout Reader) throws(Stop) -> Reader.Span {
        guard let byte = reader.peek(), byte == Reader.Byte.minus || (0x30...0x39).contains(byte) else {
            throw .invalid
        }
        return reader.number()
    }

    /// A URL as the decoder made it from a string: `URL(string:)`, which refuses some texts.
    static func optionalURL(_ reader: inout Reader) throws(Stop) -> URL? {
        guard try !skipNull(&reader) else { return nil }
        guard let url = URL(string: try text(&reader)) else { throw .invalid }
        return url
    }

    /// The entries of the array at the cursor, each read by `entry`.
    private static func list<Entry>(
        _ reader: inout Reader, _ entry: (inout Reader) throws(Stop) -> Entry
    ) throws(Stop) -> [Entry] {
        guard reader.peek() == Reader.Byte.openBracket else { throw .invalid }
        try reader.open()
        var entries: [Entry] = []
        var isFirst = true
        while try reader.hasNext(closing: Reader.Byte.closeBracket, isFirst: isFirst) {
            isFirst = false
            entries.append(try entry(&reader))
        }
        return entries
    }

    static func optionalTexts(_ reader: inout Reader) throws(Stop) -> [String]? {
        try skipNull(&reader) ? nil : list(&reader, text)
    }

    /// Readings: strings or `null`, one per author.
    static func optionalReadings(_ reader: inout Reader) throws(Stop) -> [String?]? {
        try skipNull(&reader) ? nil : list(&reader, optionalText)
    }

    /// Alternate titles: an array of strings and `null`s (left out). ``LossyStrings`` also
    /// dropped entries of other types and read a non-array as empty; those lines are rare and
    /// go to the decoder.
    static func optionalLossyStrings(_ reader: inout Reader) throws(Stop) -> LossyStrings? {
        guard try !skipNull(&reader) else { return nil }
        return LossyStrings(try list(&reader, optionalText).compactMap { $0 })
    }

    static func optionalMemberships(_ reader: inout Reader) throws(Stop) -> [SeriesMembership]? {
        try skipNull(&reader) ? nil : list(&reader, membership)
    }

    static func optionalBookKeys(_ reader: inout Reader) throws(Stop) -> [BookKey]? {
        try skipNull(&reader) ? nil : list(&reader, bookKey)
    }

    /// A series entry as its synthesized `Decodable` read it: `lastNumber` kept as written.
    private static func membership(_ reader: inout Reader) throws(Stop) -> SeriesMembership {
        var name: String?
        var number: Double??
        var lastNumber: Double??
        var part: String??
        try object(&reader) { key, reader throws(Stop) in
            switch key {
            case "name" where name == nil: name = try text(&reader)
            case "number" where number == nil: number = .some(try optionalDouble(&reader))
            case "lastNumber" where lastNumber == nil: lastNumber = .some(try optionalDouble(&reader))
            case "part" where part == nil: part = .some(try optionalText(&reader))
            default: try reader.skipValue()
            }
        }
        guard let name else { throw .invalid }
        var membership = SeriesMembership(name: name, number: number ?? nil, part: part ?? nil)
        membership.lastNumber = lastNumber ?? nil
        return membership
    }

    private static func bookKey(_ reader: inout Reader) throws(Stop) -> BookKey {
        var source: String?
        var sourceID: String?
        try object(&reader) { key, reader throws(Stop) in
            switch key {
            case "source" where source == nil: source = try text(&reader)
            case "sourceID" where sourceID == nil: sourceID = try text(&reader)
            default: try reader.skipValue()
            }
        }
        guard let source, let sourceID else { throw .invalid }
        return BookKey(source: source, sourceID: sourceID)
    }

    /// The object at the cursor, `member` called with each key (every one must read, as the
    /// decoder read them all) and the cursor at its value.
    private static func object(
        _ reader: inout Reader, _ member: (String, inout Reader) throws(Stop) -> Void
    ) throws(Stop) {
        guard reader.peek() == Reader.Byte.openBrace else { throw .invalid }
        try reader.open()
        var isFirst = true
        while try reader.hasNext(closing: Reader.Byte.closeBrace, isFirst: isFirst) {
            isFirst = false
            guard let key = reader.text(try reader.key()) else { throw .invalid }
            try member(key, &reader)
        }
    }
}

/// Reading ``OpenLibraryJSON`` from the JSON column in one pass with ``DumpJSONReader``, with the
/// meaning `JSONDecoder` gave it: the first of duplicate keys wins even when its value is of
/// the wrong shape; an entry of a list that is not of the list's shape is left out; a string
/// with an invalid escape, an unpaired `\u` surrogate or invalid UTF-8 counts as a value of the
/// wrong shape (dropped, not replaced by U+FFFD, not refusing the record); and an object the
/// reader reads fields from (the record, an author entry, a typed text) is unreadable as a whole
/// if one of its keys has an invalid escape — for the record itself that refuses the line.
extension OpenLibraryJSON {
    /// The fields read from `json`, or why it could not be read.
    static func read(_ json: ArraySlice<UInt8>, maxDepth: Int) -> (
        Result<OpenLibraryJSON, DumpJSONReader.Stop>, hasOddEscape: Bool
    ) {
        json.withUnsafeBufferPointer { buffer in
            var reader = DumpJSONReader(buffer, maxDepth: maxDepth)
            var fields = OpenLibraryJSON()
            do throws(DumpJSONReader.Stop) {
                guard reader.peek() == DumpJSONReader.Byte.openBrace else { throw DumpJSONReader.Stop.invalid }
                try fields.readRecord(&reader)
                guard reader.isAtEnd() else { throw DumpJSONReader.Stop.invalid }
                return (.success(fields), reader.hasOddEscape)
            } catch {
                return (.failure(error), reader.hasOddEscape)
            }
        }
    }

    /// A top-level key Scout reads.
    private enum Field: Int {
        case name, title, subtitle, location, authors, works, languages, subjects, publishers, series, covers
        case description, isbn10, isbn13, firstPublishDate, publishDate

        static let names: [(String, Field)] = [
            ("name", .name), ("title", .title), ("subtitle", .subtitle), ("location", .location),
            ("authors", .authors), ("works", .works), ("languages", .languages), ("subjects", .subjects),
            ("publishers", .publishers), ("series", .series), ("covers", .covers),
            ("description", .description), ("isbn_10", .isbn10), ("isbn_13", .isbn13),
            ("first_publish_date", .firstPublishDate), ("publish_date", .publishDate),
        ]

        /// ``names`` as bytes, compared by length first: every key of every line is looked up
        /// here, and matching it against each name's `String.UTF8View` was 2 % of an import's CPU.
        private static let table: [(bytes: [UInt8], field: Field)] = names.map { (Array($0.0.utf8), $0.1) }

        init?(_ key: UnsafeBufferPointer<UInt8>) {
            guard (4...18).contains(key.count),
                let found = Self.table.first(where: { $0.bytes.count == key.count && $0.bytes.elementsEqual(key) })
            else { return nil }
            self = found.field
        }
    }

    private mutating func readRecord(_ reader: inout DumpJSONReader) throws(DumpJSONReader.Stop) {
        _ = try reader.readFirstMembers(naming: Field.init) { field, reader throws(DumpJSONReader.Stop) in
            try read(field, &reader)
        }
    }

    private mutating func read(_ field: Field, _ reader: inout DumpJSONReader) throws(DumpJSONReader.Stop) {
        switch field {
        case .name: name = try Self.text(&reader)
        case .title: title = try Self.text(&reader)
        case .subtitle: subtitle = try Self.text(&reader)
        case .location: location = try Self.text(&reader)
        case .firstPublishDate: firstPublishDate = try Self.text(&reader)
        case .publishDate: publishDate = try Self.text(&reader)
        case .description: description = try Self.description(&reader)
        case .authors: try readList(.authors, &reader)
        case .works: try readList(.works, &reader)
        case .languages: try readList(.languages, &reader)
        case .subjects: try readList(.subjects, &reader)
        case .publishers: try readList(.publishers, &reader)
        case .series: try readList(.series, &reader)
        case .isbn10: try readList(.isbn10, &reader)
        case .isbn13: try readList(.isbn13, &reader)
        case .covers: try readCovers(&reader)
        }
    }

    /// The string at the cursor, `nil` for a value of another shape.
    private static func text(_ reader: inout DumpJSONReader) throws(DumpJSONReader.Stop) -> String? {
        guard reader.peek() == DumpJSONReader.Byte.quote else {
            try reader.skipValue()
            return nil
        }
        let span = try reader.string()
        return reader.text(span)
    }

    /// An array's entries through ``keep(_:in:)``: strings, or for key lists key references.
    private mutating func readList(_ list: List, _ reader: inout DumpJSONReader) throws(DumpJSONReader.Stop) {
        guard reader.peek() == DumpJSONReader.Byte.openBracket else { return try reader.skipValue() }
        let isKeys = list == .authors || list == .works || list == .languages
        try reader.open()
        var isFirst = true
        while try reader.hasNext(closing: DumpJSONReader.Byte.closeBracket, isFirst: isFirst) {
            isFirst = false
            guard !isFull(list) else {
                try reader.skipValue()
                continue
            }
            let entry = try isKeys ? Self.reference(&reader).key : Self.text(&reader)
            if let entry { keep(entry, in: list) }
        }
    }

    private mutating func readCovers(_ reader: inout DumpJSONReader) throws(DumpJSONReader.Stop) {
        guard reader.peek() == DumpJSONReader.Byte.openBracket else { return try reader.skipValue() }
        try reader.open()
        var isFirst = true
        while try reader.hasNext(closing: DumpJSONReader.Byte.closeBracket, isFirst: isFirst) {
            isFirst = false
            guard covers.isEmpty, let byte = reader.peek(),
                byte == DumpJSONReader.Byte.minus || (0x30...0x39).contains(byte)
            else {
                try reader.skipValue()
                continue
            }
            if let cover = reader.integer(reader.number()) { keep(cover: cover) }
        }
    }

    /// What a key reference read to: unreadable, or read (with or without a key).
    private enum Reference {
        case unreadable
        case read(String?)

        var key: String? {
            guard case .read(let key) = self else { return nil }
            return key
        }
    }

    /// The keys of a key reference's object.
    private enum ReferenceKey {
        case author, key, other

        init(_ name: UnsafeBufferPointer<UInt8>) {
            self = name.elementsEqual("author".utf8) ? .author : name.elementsEqual("key".utf8) ? .key : .other
        }
    }

    /// A key as Open Library nests it: a bare string, `{"key": …}`, or a work's author entry
    /// `{"author": <a key reference>, …}` — whose author, when it reads, wins over its `key`.
    private static func reference(_ reader: inout DumpJSONReader) throws(DumpJSONReader.Stop) -> Reference {
        switch reader.peek() {
        case DumpJSONReader.Byte.quote:
            let span = try reader.string()
            return reader.text(span).map { .read($0) } ?? .unreadable
        case DumpJSONReader.Byte.openBrace:
            try reader.open()
            var author: Reference?
            var key: String??
            var hasBadKey = false
            var isFirst = true
            while try reader.hasNext(closing: DumpJSONReader.Byte.closeBrace, isFirst: isFirst) {
                isFirst = false
                let name = try reader.key()
                switch reader.withUnescaped(name, ReferenceKey.init) {
                case nil:
                    hasBadKey = true
                    try reader.skipValue()
                case .author? where author == nil: author = try reference(&reader)
                case .key? where key == nil: key = try .some(text(&reader))
                default: try reader.skipValue()
                }
            }
            guard !hasBadKey else { return .unreadable }
            if case .read(let authorKey)? = author { return .read(authorKey) }
            return .read(key ?? nil)
        default:
            try reader.skipValue()
            return .unreadable
        }
    }

    /// A description: a string, or the string `value` of an object.
    private static func description(_ reader: inout DumpJSONReader) throws(DumpJSONReader.Stop) -> String? {
        guard reader.peek() == DumpJSONReader.Byte.openBrace else { return try text(&reader) }
        try reader.open()
        var value: String??
        var hasBadKey = false
        var isFirst = true
        while try reader.hasNext(closing: DumpJSONReader.Byte.closeBrace, isFirst: isFirst) {
            isFirst = false
            let name = try reader.key()
            switch reader.withUnescaped(name, { $0.elementsEqual("value".utf8) }) {
            case nil:
                hasBadKey = true
                try reader.skipValue()
            case true? where value == nil: value = try .some(text(&reader))
            default: try reader.skipValue()
            }
        }
        return hasBadKey ? nil : value ?? nil
    }
}

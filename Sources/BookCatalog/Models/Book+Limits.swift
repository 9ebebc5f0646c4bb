import Foundation

extension Book {
    /// Cuts every field to its ``FieldLimits`` and returns how many fields it cut (a list whose
    /// entries were cut or dropped counts once). The natural key (``source``, ``sourceID``) is
    /// never cut: importers refuse a record whose key is too long.
    ///
    /// ```swift
    /// var book = Book(source: "crawl", sourceID: url, title: String(repeating: "a", count: 2_000_000))
    /// book.capFields()        // 1
    /// book.title.utf8.count   // 1024
    /// ```
    @discardableResult
    public mutating func capFields() -> Int {
        var cut = [
            Self.cap(&title, FieldLimits.title), Self.cap(&alternateTitles, FieldLimits.alternateTitles),
            Self.cap(&authors, FieldLimits.authors), Self.cap(&tags, FieldLimits.tags),
            Self.cap(&description, FieldLimits.description), Self.cap(&language, FieldLimits.language),
            Self.drop(&isbn10, over: FieldLimits.isbn), Self.drop(&isbn13, over: FieldLimits.isbn),
            Self.drop(&coverURL, over: FieldLimits.url), Self.drop(&smallCoverURL, over: FieldLimits.url),
            Self.drop(&sourceURL, over: FieldLimits.url),
        ].filter { $0 }.count
        if capSeries() { cut += 1 }
        if capTextReadings() { cut += 1 }
        return cut
    }

    /// Keeps the readings of at most ``FieldLimits/textReadings``' count of texts (those of the
    /// title, series and authors first), each reading cut to its bytes, and none of a text the
    /// book no longer holds; whether anything was cut.
    mutating func capTextReadings() -> Bool {
        guard !textReadings.isEmpty else { return false }
        let limit = FieldLimits.textReadings
        let texts = [title] + series.map(\.name) + authors + alternateTitles
        var kept: [String: String] = [:]
        for text in texts where kept.count < limit.count {
            if let reading = textReadings[text] { kept[text] = limit.cut(reading) }
        }
        guard kept != textReadings else { return false }
        textReadings = kept
        return true
    }

    /// Caps the memberships, their names and parts; whether anything was cut.
    private mutating func capSeries() -> Bool {
        let limit = FieldLimits.series
        let capped = series.prefix(limit.count).map { membership in
            var membership = membership
            membership.name = limit.cut(membership.name)
            membership.part = membership.part.map(FieldLimits.seriesPart.cut)
            return membership
        }
        guard capped != series else { return false }
        series = capped
        return true
    }

    /// Cuts `text` to `limit`; whether it was cut.
    static func cap(_ text: inout String, _ limit: FieldLimit) -> Bool {
        let capped = limit.cut(text)
        guard capped.utf8.count != text.utf8.count else { return false }
        text = capped
        return true
    }

    private static func cap(_ text: inout String?, _ limit: FieldLimit) -> Bool {
        guard var value = text, cap(&value, limit) else { return false }
        text = value
        return true
    }

    /// Keeps the first ``FieldLimit/count`` entries of `list`, each cut; whether anything was.
    static func cap(_ list: inout [String], _ limit: FieldLimit) -> Bool {
        var isCut = list.count > limit.count
        var capped = Array(list.prefix(limit.count))
        for index in capped.indices where cap(&capped[index], limit) { isCut = true }
        if isCut { list = capped }
        return isCut
    }

    private static func drop(_ text: inout String?, over limit: FieldLimit) -> Bool {
        guard let value = text, value.utf8.count > limit.bytes else { return false }
        text = nil
        return true
    }

    private static func drop(_ url: inout URL?, over limit: FieldLimit) -> Bool {
        guard let value = url, value.absoluteString.utf8.count > limit.bytes else { return false }
        url = nil
        return true
    }
}

extension ImportBatch {
    /// Caps every book's fields (``Book/capFields()``) and every tag list to ``FieldLimits``, and
    /// leaves out listed links to addresses over ``FieldLimits/url``; returns how many fields it
    /// cut. Every importer and the crawler call it on each batch before the store sees it.
    @discardableResult
    public mutating func capFields() -> Int {
        var cut = 0
        for index in books.indices { cut += books[index].capFields() }
        for index in tags.indices where Book.cap(&tags[index].tags, FieldLimits.tags) { cut += 1 }
        let kept = links.filter { $0.to.absoluteString.utf8.count <= FieldLimits.url.bytes }
        cut += links.count - kept.count
        links = kept
        return cut
    }
}

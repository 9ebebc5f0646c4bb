import SQLite

/// The two texts an index row folds, worked out in Swift from a book's stored columns, so the
/// full-text rebuild's worker makes them instead of SQLite's `json_each` expressions on the
/// writing thread (issue #37: at a million books those expressions were 3 s during which the
/// writer did nothing else, since the rebuild's ordered read computes every row before its
/// first). ``SQLiteBookStore/IndexLayout/values(of:)`` stays the definition, which the triggers
/// run: these are its texts only where that is certain, for lists as the store writes them
/// (``JSONStringArray``, ``JSONSeriesList``) with no escape in them, so that decoding is
/// copying. Anything else — an escape, a number where a name goes, a series list written
/// otherwise (a key twice, say) — is left to SQLite, row by row (``IndexSource/texts(as:)``
/// answers nil).
extension SQLiteBookStore.IndexLayout {
    /// The columns of `books` an index row is made of, in the order ``IndexSource/init(_:)`` reads them.
    var sourceColumns: String {
        "\(SQLiteBookStore.rankKey("books")), id, title, authors, series, alternate_titles, text_readings"
    }
}

/// One book's stored columns the index row is made of, as read by ``SQLiteBookStore/IndexLayout/sourceColumns``.
struct IndexSource: Sendable {
    let key: Int64
    let id: Int64
    let title: String?
    let authors: String?
    let series: String?
    let alternates: String?
    let readings: String?

    init(_ row: Row) throws {
        key = try row.int64(0)
        id = try row.int64(1)
        title = try row.optionalString(2)
        authors = try row.optionalString(3)
        series = try row.optionalString(4)
        alternates = try row.optionalString(5)
        readings = try row.optionalString(6)
    }

    /// The title and names texts `layout.values(of:)` gives its `indexing`, `NULL` as nil; nil
    /// when a list is not one this can read as SQLite does.
    func texts(as layout: SQLiteBookStore.IndexLayout) -> (title: String?, names: String?)? {
        guard let authors = Self.plainStrings(authors) else { return nil }
        // group_concat of no rows is NULL.
        let joinedAuthors = authors.isEmpty ? nil : authors.joined(separator: ", ")
        var title = title
        if layout.withAlternates {
            guard let alternates = Self.plainStrings(alternates) else { return nil }
            title = title.map { $0 + Self.continued(alternates) }
        }
        if layout.withSeries {
            guard let names = Self.seriesNames(series) else { return nil }
            title = title.map { $0 + Self.continued(names) }
        }
        guard layout.withReadings else { return (title, joinedAuthors) }
        guard let readings else { return (nil, nil) }  // `|| NULL` is NULL
        let separator = "\u{1F}"
        return (title.map { $0 + separator + readings }, (joinedAuthors ?? "") + separator + readings)
    }

    /// `coalesce(', ' || group_concat(value, ', '), '')` of `list`.
    private static func continued(_ list: [String]) -> String {
        list.isEmpty ? "" : ", " + list.joined(separator: ", ")
    }

    /// The strings of a JSON array of strings with no escape; nil for `NULL` or anything else.
    private static func plainStrings(_ json: String?) -> [String]? {
        guard let json, !hasEscape(json), let strings = JSONStringArray.decode(json) else { return nil }
        return strings
    }

    /// The names of a series list exactly as ``JSONSeriesList/encode(_:)`` writes it, with no
    /// escape; nil for `NULL` or anything else (a key twice, or a number written otherwise).
    private static func seriesNames(_ json: String?) -> [String]? {
        guard let json, !hasEscape(json), let memberships = JSONSeriesList.decode(json),
            JSONSeriesList.encode(memberships) == json
        else { return nil }
        return memberships.map(\.name)
    }

    private static func hasEscape(_ json: String) -> Bool {
        json.utf8.contains(UInt8(ascii: "\\"))
    }
}

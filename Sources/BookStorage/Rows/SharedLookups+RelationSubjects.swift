import BookCatalog

extension SharedLookups where Lookups: PagedLookupDatabase {
    /// The columns the relation rules read.
    private static var relationSubjectColumns: String {
        "id, authors, series, series_name, series_number, tags, ratings_count, source_url"
    }

    /// ``BookStore/relationSubjects()``: one `SELECT` of the columns the relation rules read,
    /// the same SQL on either database.
    func everyRelationSubject() async throws -> [RelationSubject] {
        try await storeWork {
            try await database.rows(of: "SELECT \(Self.relationSubjectColumns) FROM books ORDER BY id") {
                try Self.relationSubject(from: $0)
            }
        }
    }

    /// ``RelationSubjectPaging/relationSubjects(after:limit:)``: the next page by the primary
    /// key, so each page is an index range scan and neither database holds more than a page of
    /// rows (PostgreSQL's whole result set of a million books, held by libpq and copied again
    /// into rows, made its rebuild's peak more than twice SQLite's).
    func relationSubjectPage(after id: Int64, limit: Int) async throws -> [RelationSubject] {
        try await pageOfBooks(Self.relationSubjectColumns, after: id, limit: limit) {
            try Self.relationSubject(from: $0)
        }
    }

    /// The subject in a row of ``relationSubjectColumns``. A book's series come from `series`,
    /// or from `series_name` and `series_number` when that holds none, as ``Book`` reads them.
    private static func relationSubject(from row: some StoredRow) throws -> RelationSubject {
        var series = JSONSeriesList.decode(try row.string(named: "series")) ?? []
        if series.isEmpty, let name = try row.optionalString(named: "series_name") {
            series = [SeriesMembership(name: name, number: try row.optionalDouble(named: "series_number"))]
        }
        return RelationSubject(
            id: try row.int64(named: "id"), firstAuthor: strings(try row.string(named: "authors")).first,
            series: series, tags: strings(try row.string(named: "tags")),
            ratingsCount: try row.optionalInt(named: "ratings_count"),
            sourceURL: url(try row.optionalString(named: "source_url")))
    }
}

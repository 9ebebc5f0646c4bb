import BookCatalog

extension SharedLookups {
    /// ``BookStore/relationSubjects()``: one `SELECT` of the columns the relation rules read,
    /// the same SQL on either database. A book's series come from `series`, or from
    /// `series_name` and `series_number` when that holds none, as ``Book`` reads them.
    func everyRelationSubject() async throws -> [RelationSubject] {
        let sql = """
            SELECT id, authors, series, series_name, series_number, tags, ratings_count, source_url
            FROM books ORDER BY id
            """
        return try await storeWork {
            try await database.rows(of: sql) { row in
                var series = JSONSeriesList.decode(try row.string(named: "series")) ?? []
                if series.isEmpty, let name = try row.optionalString(named: "series_name") {
                    series = [SeriesMembership(name: name, number: try row.optionalDouble(named: "series_number"))]
                }
                return RelationSubject(
                    id: try row.int64(named: "id"), firstAuthor: Self.strings(try row.string(named: "authors")).first,
                    series: series, tags: Self.strings(try row.string(named: "tags")),
                    ratingsCount: try row.optionalInt(named: "ratings_count"),
                    sourceURL: Self.url(try row.optionalString(named: "source_url")))
            }
        }
    }
}

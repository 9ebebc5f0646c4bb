/// A CSV header: where each named column is, so rows can be read by name whatever the column
/// order.
///
/// ```swift
/// let header = try CSVHeader(header.fields, requiring: ["user_id", "book_id"])
/// let user = header.field("user_id", in: record)
/// ```
struct CSVHeader: Sendable {
    private let index: [String: Int]

    /// Reads the column positions; throws ``BookCatalogError/missingColumns(_:)`` naming the
    /// `required` columns that are absent.
    init(_ names: [String], requiring required: [String]) throws(BookCatalogError) {
        let trimmed = names.map { $0.trimmingWhitespace() }
        index = Dictionary(trimmed.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let missing = required.filter { index[$0] == nil }
        guard missing.isEmpty else { throw .missingColumns(missing) }
    }

    /// The first record of `reader` as a header; a file without one lacks every column.
    init(reading reader: inout CSVReader, requiring required: [String]) throws(BookCatalogError) {
        guard let first = try reader.next() else { throw .missingColumns(required) }
        try self.init(first.fields, requiring: required)
    }

    /// How many distinct column names the header has.
    var count: Int { index.count }

    /// The field `name` of `record`, trimmed; empty when the row is too short.
    func field(_ name: String, in record: CSVRecord) -> String {
        guard let position = index[name], position < record.fields.count else { return "" }
        return record.fields[position].trimmingWhitespace()
    }
}

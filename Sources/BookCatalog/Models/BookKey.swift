/// The natural key of a book: where it comes from and its id there, such as
/// `("goodbooks", "2767052")`. Importers refer to books by key, so they never need store ids.
///
/// ```swift
/// let key = BookKey(source: "goodbooks", sourceID: "2767052")
/// key == BookKey(hungerGames)  // true for the book with that source and id
/// ```
public struct BookKey: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where the book comes from: ``Book/source``.
    public var source: String
    /// The book's id at ``source``: ``Book/sourceID``.
    public var sourceID: String

    /// Makes a key: `BookKey(source: "goodbooks", sourceID: "2767052")`.
    public init(source: String, sourceID: String) {
        self.source = source
        self.sourceID = sourceID
    }

    /// The key of `book`: `BookKey(book)`.
    public init(_ book: Book) {
        self.init(source: book.source, sourceID: book.sourceID)
    }

    /// `source:sourceID`, for messages: `"goodbooks:2767052"`.
    public var description: String { "\(source):\(sourceID)" }
}

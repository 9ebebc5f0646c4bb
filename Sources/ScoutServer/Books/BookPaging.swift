import BookCatalog

/// Pages through a book search the one way both `/api/v1/books/search` and the `books`
/// source of `/api/v1/search` do: the cursor is the offset of the page's first book.
///
/// The store ranks whole result lists, so a page is a slice of one, fetched one longer to know
/// whether another page follows; offsets stop at ``maximumOffset`` (nobody pages that far
/// through a type-ahead list, and it bounds what one request may make the store rank).
enum BookPaging {
    static let maximumOffset = 150

    /// The offset a cursor names (0 for none); a bad one is a 400 with a sentence.
    static func offset(_ cursor: String?) throws -> Int {
        guard let cursor, !cursor.isEmpty else { return 0 }
        guard let offset = Int(cursor), (0...maximumOffset).contains(offset) else {
            throw GatewayError.badRequest(
                "bad_cursor", "cursor must be a whole number from 0 to \(maximumOffset). Start the search again.")
        }
        return offset
    }

    /// The books of one page of `text`, with how each matched, and the cursor of the next page
    /// (nil on the last).
    static func page(
        of books: any BookStore, text: String, offset: Int, limit: Int
    ) async throws -> (books: [BookMatch], next: String?) {
        let found = try await books.rankedSearch(text, limit: offset + limit + 1)
        let page = Array(found.dropFirst(offset).prefix(limit))
        let end = offset + limit
        return (page, found.count > end && end <= maximumOffset ? String(end) : nil)
    }
}

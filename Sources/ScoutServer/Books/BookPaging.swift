import BookCatalog

/// Pages through a book search the one way both `/api/v1/books/search` and the `books`
/// source of `/api/v1/search` do, and through a book's related books
/// (`/api/v1/books/{id}/related`), whose whole series may be long.
///
/// A cursor names the offset of the page's first book and the catalog generation its search
/// was ranked at, `"<offset>.<generation>"` (`"20.4711"`): pages of one generation give every
/// matching book once (``BookCatalog/BookStore/rankedPage(_:offset:limit:)``), and a cursor from
/// an earlier generation is refused with a sentence instead of repeating or skipping books: 409,
/// since it is well formed (text this server never wrote is a 400) and only the catalog moved on.
/// Offsets stop at ``BookCatalog/BookSearchPage/maximumOffset``.
enum BookPaging {
    /// A cursor as this server writes it.
    struct Cursor: Equatable {
        let offset: Int
        let generation: Int64

        /// `"20.4711"`.
        var text: String { "\(offset).\(generation)" }

        /// Reads `text`: two runs of ASCII digits around one dot, the offset from 0 to the
        /// deepest page; nil for anything else.
        init?(_ text: String) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 18 && $0.allSatisfy(\.isASCII) }),
                parts.allSatisfy({ $0.allSatisfy(\.isNumber) }),
                let offset = Int(parts[0]), (0...BookSearchPage.maximumOffset).contains(offset),
                let generation = Int64(parts[1])
            else { return nil }
            self.init(offset: offset, generation: generation)
        }

        init(offset: Int, generation: Int64) {
            self.offset = offset
            self.generation = generation
        }
    }

    /// The cursor `text` names (nil for none, the first page); a cursor this server did not
    /// write is a 400 with a sentence.
    static func cursor(_ text: String?) throws -> Cursor? {
        guard let text, !text.isEmpty else { return nil }
        guard let cursor = Cursor(text) else {
            throw GatewayError.badRequest(
                "bad_cursor", "That cursor is not one this server gave out. Start the search again.")
        }
        return cursor
    }

    /// One page of the books related to `id` (of `kind`, or every kind) from `cursor`, in the
    /// store's order, and the cursor of the next page. The list is read up to the page's end,
    /// at most ``BookSearchPage/maximumOffset`` books in; a cursor from an earlier catalog
    /// generation is refused as a search's is.
    static func relatedPage(
        of books: any BookStore, to id: Int64, kind: Relation.Kind?, cursor: Cursor?, limit: Int
    ) async throws -> (related: [RelatedBook], next: String?) {
        let generation = try await books.generation()
        if let cursor { try refuseIfStale(cursor, at: generation) }
        let offset = cursor?.offset ?? 0
        // One more than the page, to know whether another follows.
        let read = try await books.related(to: id, kind: kind, limit: offset + limit + 1)
        let page = Array(read.dropFirst(offset).prefix(limit))
        let hasMore = read.count > offset + limit && offset + limit <= BookSearchPage.maximumOffset
        return (page, hasMore ? Cursor(offset: offset + limit, generation: generation).text : nil)
    }

    /// A 409 Conflict for a cursor of another catalog generation than `generation`: the request
    /// is well formed, but the catalog's state is no longer the one the cursor continues.
    private static func refuseIfStale(_ cursor: Cursor, at generation: Int64) throws {
        guard cursor.generation != generation else { return }
        throw GatewayError(
            status: 409, code: "stale_cursor",
            message: "The catalog changed since this search began, so its next page could repeat or skip books. "
                + "Start the search again.",
            source: nil, retryAfter: nil)
    }

    /// One page of `text` from `cursor` (the first page for nil): its books with how each
    /// matched, the cursor of the next page (nil on the last) and how many books match in all.
    /// A cursor of an earlier catalog generation is a 409: the catalog changed, so its order may
    /// have too.
    static func page(
        of books: any BookStore, text: String, cursor: Cursor?, limit: Int
    ) async throws -> (books: [BookMatch], next: String?, total: Int, missingWords: [String], suggestion: String?) {
        let page = try await books.rankedPage(text, offset: cursor?.offset ?? 0, limit: limit)
        if let cursor { try refuseIfStale(cursor, at: page.generation) }
        let next = page.nextOffset.map { Cursor(offset: $0, generation: page.generation).text }
        return (page.matches, next, page.total, page.missingWords, page.suggestion)
    }
}

/// What one row or line of an import file comes to: a book, something about a book, or why the
/// row is skipped.
///
/// ```swift
/// switch row {
/// case .book(let book): batch.books.append(book)
/// case .skipped(let skipped): print("line \(skipped.line): \(skipped.reason)")
/// default: break
/// }
/// ```
public enum ImportRow: Sendable, Hashable {
    /// The row is a valid book.
    case book(Book)
    /// The row gives a book's tags.
    case tags(BookTags)
    /// The row is a reader's rating or shelving of a book.
    case reading(Reading)
    /// The row is a "similar books" link.
    case link(ListedLink)
    /// The row gives a stored book another key (a backup's).
    case alias(BookAlias)
    /// The row is a relation between two books (a backup's).
    case relation(KeyedRelation)
    /// The row is skipped, for the reason given.
    case skipped(SkippedRow)
}

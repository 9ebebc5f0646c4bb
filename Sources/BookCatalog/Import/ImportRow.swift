/// What one row or line of an import file comes to: a book, or why it is skipped.
///
/// ```swift
/// switch row {
/// case .book(let book): batch.append(book)
/// case .skipped(let skipped): print("line \(skipped.line): \(skipped.reason)")
/// }
/// ```
public enum ImportRow: Sendable, Hashable {
    /// The row is a valid book.
    case book(Book)
    /// The row is skipped, for the reason given.
    case skipped(SkippedRow)
}

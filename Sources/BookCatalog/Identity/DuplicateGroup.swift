/// Books of a catalog that are one book: the survivor (the earliest stored, its id kept) as
/// the records merge into it, and the ids of the records merged away.
///
/// ```swift
/// for group in try await store.mergeDuplicates() {
///     print(group.book.title, "absorbed", group.duplicates.count, "records")
/// }
/// ```
public struct DuplicateGroup: Sendable, Hashable {
    /// The surviving book as merged (``Book/merged(with:)``), with its own id.
    public var book: Book
    /// The store ids of the records merged into it, which the store deletes.
    public var duplicates: [Int64]
    /// Every key of the book, the survivor's and the duplicates'.
    public var keys: [BookKey]

    /// Makes a group: `DuplicateGroup(book: hungerGames, duplicates: [308], keys: keys)`.
    public init(book: Book, duplicates: [Int64], keys: [BookKey]) {
        self.book = book
        self.duplicates = duplicates
        self.keys = keys
    }

    /// The groups among `books` (each with the keys the store holds for it, by id), matched as
    /// imports match (``BookMatcher``) with the books taken in id order; empty when the catalog
    /// holds no duplicates.
    ///
    /// ```swift
    /// let groups = DuplicateGroup.groups(among: try await store.allBooks(), keys: keys)
    /// ```
    public static func groups(among books: [Book], keys: [Int64: [BookKey]]) -> [DuplicateGroup] {
        var matcher = BookMatcher()
        var duplicates: [Int: [Int64]] = [:]
        for book in books.sorted(by: { $0.id < $1.id }) {
            if let entry = matcher.absorb(stored: book, keys: keys[book.id] ?? [BookKey(book)]) {
                duplicates[entry, default: []].append(book.id)
            }
        }
        return duplicates.keys.sorted().map { index in
            let entry = matcher.entries[index]
            return DuplicateGroup(book: entry.book, duplicates: duplicates[index] ?? [], keys: entry.keys)
        }
    }
}

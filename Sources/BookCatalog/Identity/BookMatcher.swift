/// Decides, book by book, whether a record is a book the catalog already holds, and what that
/// book becomes: the one place both stores' upserts and ``BookStore/mergeDuplicates()`` take
/// their matching from, so they match alike. Pure: a store hands it the stored books an import
/// batch could match (found through its indexes) and writes back what it decided.
///
/// A record matches, in this order: a book holding one of its keys (``BookIdentity/keys(of:)``,
/// its own key first); a book with its ISBN-13, then its ISBN-10; a book with its
/// ``BookIdentity/matchKey(of:)`` equal to one of its ``BookIdentity/matchKeys(of:)`` (its
/// title's, then its alternate titles') that ``BookIdentity/mayBeSameWork(_:_:)`` allows. Past the
/// keys, only books holding no key of the record's source match: a source names each of its
/// books once, so two of its records are two books. Among several, the earliest stored book wins. A record matched on its
/// own key by a book no other source gave replaces it (a source corrects its own record; a
/// record without tags keeps the stored ones); any other match merges (``Book/merged(with:)``),
/// so no source erases what another gave. The book keeps every key of every record.
///
/// ```swift
/// var matcher = BookMatcher(stored: [(starterHungerGames, [BookKey(starterHungerGames)])])
/// let (entry, outcome) = matcher.add(goodbooksHungerGames)  // (0, .updated): one book
/// matcher.entries[entry].keys  // [scout-starter:…, goodbooks:2767052, goodreads-id:2767052]
/// ```
public struct BookMatcher: Sendable {
    /// One book as the matcher leaves it: stored before (``storedBook``) or new.
    public struct Entry: Sendable, Hashable {
        /// The store id; 0 for a new book.
        public var id: Int64
        /// The book as it should be stored.
        public var book: Book
        /// Every key of the book, the stored ones first.
        public var keys: [BookKey]
        /// The book as it was stored, `nil` for a new one.
        public let storedBook: Book?
        /// The keys it was stored with.
        public let storedKeys: Set<BookKey>
        /// ``BookIdentity/matchKey(of:)`` of ``book``, computed once each time the book changes:
        /// a store writes it as the row's match key, and matching compares it for every candidate.
        public internal(set) var matchKey: String?

        /// Keys the store does not hold for it yet.
        public var newKeys: [BookKey] { keys.filter { !storedKeys.contains($0) } }
        /// Whether the store must write the book's row.
        public var needsWriting: Bool { book != storedBook }
    }

    /// What adding a record did.
    public enum Outcome: Sendable, Hashable {
        /// It is a new book.
        case inserted
        /// It matched a book and changed it.
        case updated
        /// It matched a book and changed nothing.
        case unchanged
    }

    /// The books matched or added so far: the stored ones given, by id, then new ones in order.
    public private(set) var entries: [Entry] = []
    private var byKey: [BookKey: Int] = [:]
    private var byISBN13: [String: [Int]] = [:]
    private var byISBN10: [String: [Int]] = [:]
    private var byMatchKey: [String: [Int]] = [:]

    /// A matcher over `stored` books, each with the keys the store holds for it:
    /// `BookMatcher(stored: [(book, [BookKey(book)])])`.
    public init(stored: [(book: Book, keys: [BookKey])] = []) {
        for (book, keys) in stored.sorted(by: { $0.book.id < $1.book.id }) {
            append(Entry(id: book.id, book: book, keys: [], storedBook: book, storedKeys: Set(keys)), keys: keys)
        }
    }

    /// Matches `book` (its ``Book/id`` ignored) to an entry, changing or adding it; returns the
    /// entry's index and what happened.
    ///
    /// ```swift
    /// let (entry, outcome) = matcher.add(book)
    /// ```
    public mutating func add(_ book: Book) -> (entry: Int, outcome: Outcome) {
        add(book, matchKeys: nil)
    }

    /// ``add(_:)-(Book)`` with `book`'s ``BookMatchKeys`` when the caller has them already (a
    /// store looked its candidates up by them), so they are not folded again.
    mutating func add(_ book: Book, matchKeys: BookMatchKeys?) -> (entry: Int, outcome: Outcome) {
        var book = book
        book.id = 0
        let keys = matchKeys?.keys ?? BookIdentity.keys(of: book)
        let (found, byOwnKey) = match(book, keys: keys, matchKeys: matchKeys?.lookups, sources: [book.source])
        guard let index = found else {
            var entry = Entry(id: 0, book: book, keys: [], storedBook: nil, storedKeys: [])
            entry.matchKey = matchKeys?.own
            append(entry, keys: keys)
            return (entries.count - 1, .inserted)
        }
        let before = entries[index].book
        var after: Book
        if byOwnKey && Self.importedKeys(entries[index].keys) == [keys[0]] {
            after = book
            after.id = before.id
            if after.tags.isEmpty { after.tags = before.tags }
        } else {
            after = before.merged(with: book)
        }
        update(index, to: after, adding: keys, matchKey: matchKey(of: after, at: index, record: (book, matchKeys)))
        return (index, after == before ? .unchanged : .updated)
    }

    /// Adds `books` in order (see ``add(_:)-(Book)``): the entry of each, and how many were new,
    /// changed and unchanged, as a store's upsert reports them.
    ///
    /// ```swift
    /// var (entries, result) = matcher.add(batch.books)   // result.inserted, .updated, .unchanged
    /// ```
    public mutating func add(_ books: [Book]) -> (entries: [Int], result: UpsertResult) {
        add(books, matchKeys: nil)
    }

    /// ``add(_:)-([Book])`` with each book's ``BookMatchKeys``, in the books' order, as the store
    /// computed them to find its candidates.
    ///
    /// ```swift
    /// var (entries, result) = matcher.add(books, matchKeys: books.map(BookMatchKeys.init(of:)))
    /// ```
    public mutating func add(_ books: [Book], matchKeys: [BookMatchKeys]?) -> (entries: [Int], result: UpsertResult) {
        var result = UpsertResult()
        var entries: [Int] = []
        entries.reserveCapacity(books.count)
        for (position, book) in books.enumerated() {
            let given = matchKeys.flatMap { position < $0.count ? $0[position] : nil }
            let (entry, outcome) = add(book, matchKeys: given)
            entries.append(entry)
            switch outcome {
            case .inserted: result.inserted += 1
            case .updated: result.updated += 1
            case .unchanged: result.unchanged += 1
            }
        }
        return (entries, result)
    }

    /// Takes the stored `book` (with the `keys` the store holds for it) into the entry of an
    /// earlier one it matches, merging, and returns that entry's index; `nil` when it matches
    /// none and becomes an entry of its own. Fed every stored book by id, this finds the
    /// duplicates a catalog holds.
    ///
    /// ```swift
    /// if let survivor = matcher.absorb(stored: book, keys: keys) { duplicates.append(book.id) }
    /// ```
    public mutating func absorb(stored book: Book, keys: [BookKey]) -> Int? {
        var all = keys
        for key in BookIdentity.keys(of: book) where !all.contains(key) { all.append(key) }
        let sources = Set(Self.importedKeys(all).map(\.source)).union([book.source])
        guard let index = match(book, keys: all, matchKeys: nil, sources: sources).entry else {
            append(Entry(id: book.id, book: book, keys: [], storedBook: book, storedKeys: Set(keys)), keys: all)
            return nil
        }
        let merged = entries[index].book.merged(with: book)
        update(index, to: merged, adding: all, matchKey: matchKey(of: merged, at: index))
        return index
    }

    /// The entry `book` matches, and whether it matched on `keys[0]`, the book's own key.
    private func match(_ book: Book, keys: [BookKey], matchKeys: [String]?, sources: Set<String>) -> (
        entry: Int?, byOwnKey: Bool
    ) {
        for (position, key) in keys.enumerated() {
            if let index = byKey[key] { return (index, position == 0) }
        }
        // Past the keys, a book that already holds a record of this source is another book.
        func isOpen(_ index: Int) -> Bool {
            Self.importedKeys(entries[index].keys).allSatisfy { !sources.contains($0.source) }
        }
        if let isbn = book.isbn13,
            let index = byISBN13[isbn]?.first(where: { entries[$0].book.isbn13 == isbn && isOpen($0) })
        {
            return (index, false)
        }
        if let isbn = book.isbn10,
            let index = byISBN10[isbn]?.first(where: { entries[$0].book.isbn10 == isbn && isOpen($0) })
        {
            return (index, false)
        }
        for matchKey in matchKeys ?? BookIdentity.matchKeys(of: book) {
            let index = byMatchKey[matchKey]?.first { index in
                let entry = entries[index]
                return entry.matchKey == matchKey
                    && BookIdentity.mayBeSameWork(entry.book, book) && isOpen(index)
            }
            if let index { return (index, false) }
        }
        return (nil, false)
    }

    /// The keys of `keys` that a source gave, not derived aliases.
    private static func importedKeys(_ keys: [BookKey]) -> [BookKey] {
        keys.filter { !BookIdentity.aliasSources.contains($0.source) }
    }

    /// Adds `entry`, folding its match key unless it holds it already (a new book's, given).
    private mutating func append(_ entry: Entry, keys: [BookKey]) {
        entries.append(entry)
        update(
            entries.count - 1, to: entry.book, adding: keys,
            matchKey: entry.matchKey ?? BookIdentity.matchKey(of: entry.book))
    }

    /// The ``BookIdentity/matchKey(of:)`` of `book`, the entry at `index`'s next book: the
    /// entry's own when the book keeps its title and first author, the record's (given with it)
    /// when it takes the record's, and folded only otherwise.
    private func matchKey(of book: Book, at index: Int, record: (book: Book, keys: BookMatchKeys?)? = nil) -> String? {
        if Self.foldsAlike(book, entries[index].book) { return entries[index].matchKey }
        if let record, let given = record.keys, Self.foldsAlike(book, record.book) { return given.own }
        return BookIdentity.matchKey(of: book)
    }

    /// Whether two books have the same ``BookIdentity/matchKey(of:)``, which folds their titles
    /// and first authors only.
    private static func foldsAlike(_ one: Book, _ other: Book) -> Bool {
        one.title == other.title && one.authors.first == other.authors.first
    }

    /// Sets the entry's book, gives it those of `keys` no other entry holds, and indexes its
    /// values. Index lists stay in entry order (earliest first); a value an entry no longer
    /// has is skipped when read. `matchKey` is `book`'s ``BookIdentity/matchKey(of:)``.
    private mutating func update(_ index: Int, to book: Book, adding keys: [BookKey], matchKey: String?) {
        entries[index].book = book
        entries[index].matchKey = matchKey
        for key in keys where byKey[key] == nil {
            byKey[key] = index
            entries[index].keys.append(key)
        }
        func insert(_ value: String?, into table: inout [String: [Int]]) {
            guard let value else { return }
            var list = table[value, default: []]
            guard !list.contains(index) else { return }
            list.insert(index, at: list.firstIndex { $0 > index } ?? list.endIndex)
            table[value] = list
        }
        insert(book.isbn13, into: &byISBN13)
        insert(book.isbn10, into: &byISBN10)
        insert(entries[index].matchKey, into: &byMatchKey)
    }
}

import BookCatalog
import Foundation
import SQLite
import ScoutTestSupport
import Testing

@testable import BookStorage

/// SQLite looks up an import batch's match candidates in one statement per kind of key
/// (SQLiteBookStore+BatchLookups.swift). These tests hold it to the lookups one book and key at
/// a time it replaced (kept here as the reference): the same stored books, with the same keys,
/// on catalogs full of shared ISBNs, titles of other authors, aliases, re-imports and edits.
@Suite("Batch matching")
struct BatchMatchingTests {
    /// Small pools, so books of a batch and of the catalog share ISBNs, titles and authors often.
    struct Generator {
        var random: SplitMix64

        mutating func next(below bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }

        mutating func pick<T>(_ values: [T]) -> T { values[next(below: values.count)] }

        mutating func book(sources: [String]) -> Book {
            let title = pick(["Dune", "Emma", "The Hobbit", "The Hobbit: or There and Back Again", "Ash", "Vale"])
            let author = pick(["Frank Herbert", "Jane Austen", "J. R. R. Tolkien", "Ann Leckie"])
            let number = next(below: 40)
            let source = pick(sources)
            // goodbooks' ids and Goodreads addresses give books the goodreads-id alias key.
            let address = next(below: 3) == 0 ? URL(string: "https://www.goodreads.com/book/show/\(number)") : nil
            return Book(
                source: source, sourceID: String(number), title: title,
                alternateTitles: next(below: 4) == 0 ? [pick(["Ash", "Dune", "The Hobbit"])] : [],
                authors: next(below: 8) == 0 ? [] : [author],
                year: next(below: 3) == 0 ? nil : 1950 + next(below: 12),
                isbn10: next(below: 3) == 0 ? "04390234\(next(below: 4))" : nil,
                isbn13: next(below: 2) == 0 ? "978043902348\(next(below: 5))" : nil,
                ratingsCount: next(below: 1000), sourceURL: address)
        }

        mutating func batch(count: Int) -> [Book] {
            (0..<count).map { _ in book(sources: ["goodbooks", "manual", "openlibrary"]) }
        }
    }

    /// The candidates as the store looked them up before batching: for each book, its keys one
    /// by one until one is held, else its ISBNs and match keys one by one.
    static func oneByOne(_ books: [Book], in tx: borrowing Transaction) throws -> [(book: Book, keys: [BookKey])] {
        let byKey = """
            SELECT \(SQLiteBookStore.selectColumns) FROM book_keys JOIN books ON books.id = book_keys.book_id
            WHERE book_keys.source = ? AND book_keys.source_id = ?
            """
        var ids = Set<Int64>()
        for book in books {
            var isFound = false
            for key in BookIdentity.keys(of: book) where !isFound {
                let owners = try tx.query(
                    byKey, [.text(key.source), .text(key.sourceID)], SQLiteBookStore.book(from:))
                ids.formUnion(owners.map(\.id))
                isFound = !owners.isEmpty
            }
            guard !isFound else { continue }
            for (column, value) in [("isbn13", book.isbn13), ("isbn10", book.isbn10)] {
                guard let value else { continue }
                ids.formUnion(
                    try tx.query("SELECT id FROM books WHERE \(column) = ?", [.text(value)]) { try $0.int64(0) })
            }
            for matchKey in BookIdentity.matchKeys(of: book) {
                ids.formUnion(
                    try tx.query("SELECT id FROM books WHERE match_key = ?", [.text(matchKey)]) { try $0.int64(0) })
            }
        }
        return try ids.map { id in
            let book = try #require(
                try tx.query(
                    "SELECT \(SQLiteBookStore.selectColumns) FROM books WHERE id = ?", [.integer(id)],
                    SQLiteBookStore.book(from:)
                ).first)
            let keys = try tx.query("SELECT source, source_id FROM book_keys WHERE book_id = ?", [.integer(id)]) {
                BookKey(source: try $0.string(0), sourceID: try $0.string(1))
            }
            return (book, keys)
        }
    }

    /// Candidates compared whatever order they come in: by id, each with its set of keys.
    static func normalized(_ candidates: [(book: Book, keys: [BookKey])]) -> [Int64: Set<BookKey>] {
        Dictionary(uniqueKeysWithValues: candidates.map { ($0.book.id, Set($0.keys)) })
    }

    /// Both lookups on `books` against what `store` holds now.
    static func compare(_ books: [Book], in store: SQLiteBookStore) async throws -> (batched: Int, reference: Int) {
        try await store.database.transaction { tx in
            let batched = try SQLiteBookStore.matchCandidates(
                for: books, matchKeys: books.map(BookMatchKeys.init(of:)), in: tx)
            let reference = try Self.oneByOne(books, in: tx)
            #expect(Self.normalized(batched) == Self.normalized(reference))
            #expect(batched.count == reference.count)
            // Each candidate whole, as stored.
            let stored = Dictionary(uniqueKeysWithValues: reference.map { ($0.book.id, $0.book) })
            #expect(batched.allSatisfy { stored[$0.book.id] == $0.book })
            return (batched.count, reference.count)
        }
    }

    @Test(arguments: [1, 2, 3])
    func aBatchFindsTheStoredBooksTheLookupsBookByBookFound(seed: UInt64) async throws {
        let store = try await SQLiteBookStore(path: ":memory:")
        var generator = Generator(random: SplitMix64(seed: seed))
        var found = 0
        // Imports, re-imports and edits of the same small pools: each round is compared before
        // it is written, then written through the batched path.
        for round in 0..<12 {
            let books = generator.batch(count: round == 0 ? 5 : 40)
            found += try await Self.compare(books, in: store).reference
            _ = try await store.apply(ImportBatch(books: books))
        }
        #expect(found > 100, "the pools are small enough that batches meet stored books")
        // A re-import of everything stored, with edited titles: found by key first.
        let stored = try await store.database.query("SELECT \(SQLiteBookStore.selectColumns) FROM books") {
            try SQLiteBookStore.book(from: $0)
        }
        var edited = stored.map { book -> Book in
            var book = book
            book.title += " (revised)"
            return book
        }
        edited += generator.batch(count: 20)
        let (batched, reference) = try await Self.compare(edited, in: store)
        #expect(batched == reference && reference == stored.count)
    }

    @Test func keysAndISBNsHoldingNULAreLookedUpAsTheyAre() async throws {
        let store = try await SQLiteBookStore(path: ":memory:")
        // SQLite's JSON functions would cut "7\u{0}x" to "7": the book stored as "7" must not be
        // taken for it, nor the one stored as "7\u{0}x" missed.
        let stored = [
            Book(source: "manual", sourceID: "7", title: "Seven", authors: ["A"], isbn13: "978"),
            Book(source: "manual", sourceID: "7\u{0}x", title: "Seven X", authors: ["B"], isbn13: "978\u{0}1"),
        ]
        _ = try await store.apply(ImportBatch(books: stored))
        let records = [
            Book(source: "manual", sourceID: "7\u{0}x", title: "Other", authors: ["C"]),
            Book(source: "other", sourceID: "1", title: "Other", authors: ["D"], isbn13: "978\u{0}1"),
            Book(source: "other", sourceID: "2", title: "Other", authors: ["E"], isbn13: "978\u{0}2"),
            Book(source: "manual", sourceID: "8\u{0}", title: "Other", authors: ["F"]),
        ]
        let (batched, reference) = try await Self.compare(records, in: store)
        #expect(batched == 1 && reference == 1)
    }

    @Test func aBatchOfMoreValuesThanOneStatementTakesFindsThemAll() async throws {
        let store = try await SQLiteBookStore(path: ":memory:")
        let count = SQLiteBookStore.valuesPerLookup + 7
        let books = (0..<count).map { number in
            Book(
                source: "bulk", sourceID: String(number), title: "Title \(number)", authors: ["Author \(number)"],
                isbn13: String(9_780_000_000_000 + number))
        }
        _ = try await store.apply(ImportBatch(books: books))
        // Stored under other keys: found only by ISBN and by title and author.
        var others = books.map { book -> Book in
            var other = book
            other.source = "other"
            return other
        }
        others[0].isbn13 = nil
        let (batched, reference) = try await Self.compare(others, in: store)
        #expect(batched == count && reference == count)
        let summary = try await store.apply(ImportBatch(books: books))
        #expect(summary.unchanged == count && summary.inserted == 0)
    }
}

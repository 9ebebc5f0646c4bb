import BookCatalog
import BookStorage
import Foundation
import JapaneseReadings
import ScoutTestSupport
import Testing

/// Japanese, Chinese and Korean books found the way their readers type, alike in every store and
/// on both candidate paths: kana while an input method composes, romaji, pinyin, traditional for
/// simplified, Hangul mid-syllable (``CJKCatalog``'s queries, each with its book).
extension BookStoreContract {
    /// IPADIC, the dictionary the make targets install: the one CI reads with whatever else an
    /// operator installed here.
    static func ipadicAnalyzer() throws -> MeCabAnalyzer {
        try MeCabAnalyzer(
            dictionary: #require(
                MeCabDictionary.installedIPADIC, "mecab-ipadic-utf8 is not installed: make test installs it"))
    }

    /// The CJK catalog as a store given the analyzer writes it: with the readings the catalog
    /// gives and the analyzer's for the rest.
    static func cjkBooks() async throws -> [Book] {
        let analyzer = try ipadicAnalyzer()
        return try await withTemporaryDirectory(prefix: "scout-cjk") { directory in
            let store = try await BookStores.open(
                .file(path: directory.appendingPathComponent("books.sqlite").path), readingAnalyzer: analyzer)
            let summary = try await JSONLinesImporter(store: store).importBooks(from: CJKCatalog.catalogFile)
            #expect(summary.skipped.isEmpty)
            return try await store.allBooks()
        }
    }

    @Test(arguments: StoreKind.available, SearchPath.allCases)
    func cjkBooksAreFoundAsTheirReadersTypeThem(kind: StoreKind, path: SearchPath) async throws {
        let books = try await Self.cjkBooks()
        let queries = try CJKCatalog.queries()
        #expect(books.count >= 30 && queries.count >= 60)
        try await kind.withStore { store throws in
            _ = try await store.upsert(books)
            for query in queries {
                let found = try await path.search(query.text, limit: 3, in: store).map(\.sourceID)
                #expect(
                    !query.books.isDisjoint(with: found), "\(kind) \(path) \(query.form) “\(query.text)” → \(found)")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func readingsAreStoredGivenOnesWinAndMatchesPointIntoTheWrittenTitle(kind: StoreKind) async throws {
        let books = try await Self.cjkBooks()
        let byID = Dictionary(uniqueKeysWithValues: books.map { ($0.sourceID, $0) })
        // The analyzer's reading, and the catalog's where dictionaries read a name wrong.
        #expect(byID["ningen"]?.textReadings["人間失格"] == "ニンゲン シッカク")
        #expect(byID["yogisha"]?.textReadings["東野圭吾"] == "ひがしの けいご")
        #expect(byID["santi"]?.textReadings.isEmpty == true)
        try await kind.withStore { store throws in
            _ = try await store.upsert(books)
            let stored = try await store.book(key: BookKey(source: "cjk-test", sourceID: "ningen"))
            #expect(stored?.textReadings == byID["ningen"]?.textReadings)
            // A reading matched: the written title is what is marked, never the reading.
            let match = try #require(try await store.rankedSearch("ningen shikkaku", limit: 1).first)
            #expect(match.book.title == "人間失格" && match.titleRanges == [0..<4])
            let hangul = try #require(try await store.rankedSearch("채시", limit: 1).first)
            #expect(hangul.book.title == "채식주의자" && hangul.titleRanges == [0..<2])
        }
    }

    @Test(arguments: StoreKind.available)
    func booksStoredWithoutReadingsGetThemOnce(kind: StoreKind) async throws {
        let books = try await Self.cjkBooks().map { book in
            var book = book
            book.textReadings = [:]
            return book
        }
        try await kind.withStore { store throws in
            _ = try await store.upsert(books)
            #expect(try await store.search("ningen shikkaku", limit: 1).isEmpty)
            // The Japanese books (not the Chinese and Korean ones, which need none).
            let changed = try await store.addMissingReadings(using: try Self.ipadicAnalyzer(), batchSize: 7)
            #expect(changed == books.count { $0.language == "ja" })
            #expect(try await store.search("ningen shikkaku", limit: 1).first?.sourceID == "ningen")
            #expect(try await store.addMissingReadings(using: try Self.ipadicAnalyzer()) == 0)
        }
    }
}

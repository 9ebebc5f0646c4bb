import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport

/// A small book catalog for the books source, the Books tab and its Related panel: the Hunger
/// Games trilogy and another book by its author (relations: same series, same author), and
/// other books starting with "Hun". Covers live on `coverBase` in Goodreads' layout; one book
/// has none, one has Goodreads' "no photo" picture.
enum BookFixtures {
    static func books(coverBase: URL = URL(string: "https://images.gr-assets.com/")!) -> [Book] {
        func cover(_ key: String) -> URL { coverBase.appending(path: "books/\(key).jpg") }
        func book(
            _ id: String, _ title: String, _ author: String, _ year: Int, _ rating: Double, readers: Int,
            series: Int? = nil, cover: URL?
        ) -> Book {
            Book(
                source: "test", sourceID: id, title: title, seriesName: series.map { _ in "The Hunger Games" },
                seriesNumber: series.map(Double.init), authors: [author], year: year, averageRating: rating,
                ratingsCount: readers, coverURL: cover)
        }
        return [
            book(
                "1", "The Hunger Games", "Suzanne Collins", 2008, 4.34, readers: 4_780_653, series: 1,
                cover: cover("1447303603m/2767052")),
            book(
                "2", "Catching Fire", "Suzanne Collins", 2009, 4.3, readers: 1_831_039, series: 2,
                cover: cover("1358273780m/6148028")),
            book(
                "3", "Mockingjay", "Suzanne Collins", 2010, 4.03, readers: 1_719_760, series: 3,
                cover: cover("1358275419m/7260188")),
            book("4", "Gregor the Overlander", "Suzanne Collins", 2003, 4.0, readers: 95_000, cover: nil),
            book(
                "5", "The Very Hungry Caterpillar", "Eric Carle", 1969, 4.29, readers: 375_000,
                cover: cover("1327877185m/4948")),
            book(
                "6", "Hunger", "Knut Hamsun", 1890, 3.9, readers: 30_000,
                cover: URL(
                    string: "https://s.gr-assets.com/assets/nophoto/book/111x148-bcc042a9c91a29c1d680899eff700a03.png")),
            book(
                "7", "The Hunchback of Notre-Dame", "Victor Hugo", 1831, 3.96, readers: 160_000,
                cover: cover("1408312540m/30597")),
        ]
    }
}

extension BookFixtures {
    /// Four books by Haruki Murakami for the page in Japanese: two Japanese titles without a
    /// language (their kana tells), one English edition marked `eng`, and 1Q84, whose title
    /// says nothing of its language.
    static func murakami() -> [Book] {
        func book(_ id: String, _ title: String, _ year: Int, readers: Int, language: String?) -> Book {
            Book(
                source: "test", sourceID: id, title: title, authors: ["Haruki Murakami"], year: year,
                language: language, averageRating: 4.0, ratingsCount: readers)
        }
        return [
            book("m1", "ノルウェイの森", 1987, readers: 40_000, language: nil),
            book("m2", "Norwegian Wood", 2000, readers: 300_000, language: "eng"),
            book("m3", "1Q84", 2009, readers: 200_000, language: nil),
            book("m4", "海辺のカフカ", 2002, readers: 30_000, language: nil),
        ]
    }
}

/// A SQLite catalog in a temporary directory holding `books` and their relations.
func withBookCatalog<T>(
    _ books: [Book] = BookFixtures.books(), _ body: (any BookStore) async throws -> T
) async throws -> T {
    try await withTemporaryDirectory { directory in
        let store = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
        _ = try await store.upsert(books)
        _ = try await store.rebuildRelations()
        return try await body(store)
    }
}

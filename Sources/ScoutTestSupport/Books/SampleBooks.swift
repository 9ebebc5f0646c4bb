import BookCatalog
import Foundation

/// The books store tests use: a series, authors shared between title and byline, diacritics,
/// and ratings counts that decide the order of equal matches.
///
/// ```swift
/// let ids = try await store.upsert(SampleBooks.all).ids
/// ```
public enum SampleBooks {
    public static let hungerGames = Book(
        source: "test", sourceID: "1", title: "The Hunger Games", seriesName: "The Hunger Games", seriesNumber: 1,
        authors: ["Suzanne Collins"], year: 2008, isbn10: "0439023483", isbn13: "9780439023481", language: "eng",
        averageRating: 4.34, ratingsCount: 4_780_653,
        coverURL: URL(string: "https://images.gr-assets.com/books/1447303603m/2767052.jpg"),
        smallCoverURL: URL(string: "https://images.gr-assets.com/books/1447303603s/2767052.jpg"),
        tags: ["young-adult", "dystopia"], description: "Katniss volunteers.",
        sourceURL: URL(string: "https://www.goodreads.com/book/show/2767052"))
    public static let catchingFire = Book(
        source: "test", sourceID: "2", title: "Catching Fire", seriesName: "The Hunger Games", seriesNumber: 2,
        authors: ["Suzanne Collins"], ratingsCount: 1_831_039)
    public static let miserables = Book(
        source: "test", sourceID: "3", title: "Les Misérables", authors: ["Victor Hugo"], ratingsCount: 527_000)
    public static let hugoCabret = Book(
        source: "test", sourceID: "4", title: "The Invention of Hugo Cabret", authors: ["Brian Selznick"],
        ratingsCount: 300_000)
    public static let gameOfThrones = Book(
        source: "test", sourceID: "5", title: "A Game of Thrones", authors: ["George R.R. Martin"],
        ratingsCount: 1_000_000)
    public static let all = [hungerGames, catchingFire, miserables, hugoCabret, gameOfThrones]

    /// The store's copy of `book`: the same data with the id the store gave it.
    public static func stored(_ book: Book, id: Int64) -> Book {
        var copy = book
        copy.id = id
        return copy
    }
}

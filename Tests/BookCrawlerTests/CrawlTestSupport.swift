import BookCatalog
import BookCrawler
import BookStorage
import Foundation
import ScoutTestSupport

/// A page address for inline HTML.
let pageURL = URL(string: "https://books.example.org/books/42")!

/// What `html` yields when fetched from `url`.
func extract(_ html: String, url: URL = pageURL) -> BookPage {
    BookPageExtractor().extract(from: HTMLDocument(html: html, url: url))
}

/// The one book of `html`, or nil.
func book(in html: String, url: URL = pageURL) -> Book? {
    extract(html, url: url).books.first
}

/// A `<script type="application/ld+json">` block holding `json`.
func jsonLD(_ json: String) -> String {
    "<script type=\"application/ld+json\">\(json)</script>"
}

/// The User-Agent contact every crawl test uses.
let testContact = "crawler-tests@example.org"

/// A fast, polite configuration for the fake site: 100 requests/s (robots.txt's Crawl-delay
/// slows it), depth 3.
func testConfiguration(depth: Int = 3) -> CrawlConfiguration {
    CrawlConfiguration(
        userAgent: "Scout/test (\(testContact))", maxDepth: depth, requestsPerSecond: 100, pageDeadline: .seconds(5))
}

/// Runs `body` with a SQLite store in a fresh temporary directory.
func withCrawlStore<T>(_ body: (SQLiteBookStore, URL) async throws -> T) async throws -> T {
    try await withTemporaryDirectory(prefix: "scout-crawl") { directory in
        let store = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
        return try await body(store, directory)
    }
}

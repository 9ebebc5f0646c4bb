import BookCatalog
import Foundation

/// What one page holds for the crawler: its book (if it describes one), its "similar books"
/// links, and its links to other pages of the same site.
///
/// ```swift
/// let page = BookPageExtractor().extract(from: document)
/// page.books.first?.title   // "The Hunger Games"
/// page.similarLinks         // [https://example.org/books/catching-fire]
/// ```
public struct BookPage: Sendable, Equatable {
    /// The books the page describes: none, or the one it is about.
    public var books: [Book]
    /// Links in the page's "similar books" sections, normalized, each once.
    public var similarLinks: [URL]
    /// Links to other pages of the same site, normalized, each once (`rel="nofollow"` left out).
    public var siteLinks: [URL]
    /// False when the page's robots meta tag says `noindex`: it then yields no book.
    public var mayIndex: Bool
    /// False when the page's robots meta tag says `nofollow`: none of its links is followed.
    public var mayFollow: Bool
    /// Links left out: past ``BookPageExtractor/maxLinks`` of their kind, or longer than 2 KB.
    public var linksDropped: Int

    /// Makes a page: `BookPage(books: [], similarLinks: [], siteLinks: [])`.
    public init(
        books: [Book], similarLinks: [URL], siteLinks: [URL], mayIndex: Bool = true, mayFollow: Bool = true,
        linksDropped: Int = 0
    ) {
        self.books = books
        self.similarLinks = similarLinks
        self.siteLinks = siteLinks
        self.mayIndex = mayIndex
        self.mayFollow = mayFollow
        self.linksDropped = linksDropped
    }
}

/// Turns a parsed page into a ``BookPage``; pure, no I/O.
///
/// A page describes one book: what its JSON-LD says, completed by its microdata, then by its
/// Open Graph tags (a field stays nil when none states it). A page none of them marks up as a
/// book yields no book. Without a JSON-LD/microdata series, a title ending in
/// `(Series, #n)` is split with ``BookCatalog/SeriesTitle``.
///
/// The book's source is `"crawl"` and its ``BookCatalog/Book/sourceID`` and
/// ``BookCatalog/Book/sourceURL`` are its canonical address: the URL the markup states (JSON-LD,
/// microdata, `og:url`, `<link rel="canonical">`) when it is on the page's own site, else the
/// page's URL — so a page cannot overwrite another site's books by naming them.
///
/// A page whose robots meta tag (``RobotsMetaTags``) says `noindex` yields no book; one that
/// says `nofollow` is marked so, and the crawler follows none of its links.
///
/// ```swift
/// let document = HTMLDocument(data: body, url: url, charset: "utf-8")
/// let page = BookPageExtractor().extract(from: document)
/// ```
public struct BookPageExtractor: Sendable {
    /// The ``BookCatalog/Book/source`` of every book a crawl finds.
    public static let source = "crawl"

    /// The crawler's product token, which robots meta tags may name (`<meta name="scout">`).
    public let productToken: String
    /// The most links taken from a page of each kind (similar books, same site); the rest are
    /// counted in ``BookPage/linksDropped``.
    public let maxLinks: Int

    /// Makes an extractor: `BookPageExtractor()`, or `BookPageExtractor(productToken: "MyBot")`.
    public init(productToken: String = "Scout", maxLinks: Int = 2_000) {
        self.productToken = productToken
        self.maxLinks = maxLinks
    }

    /// The book, similar-book links and same-site links of `document`.
    public func extract(from document: HTMLDocument) -> BookPage {
        let links = PageLinks(document: document, limit: maxLinks)
        let robots = RobotsMetaTags(document: document, productToken: productToken)
        let found = robots.mayIndex ? fields(of: document).flatMap { self.book(from: $0, in: document) } : nil
        let (similar, sameSite) = (links.similar(), links.sameSite())
        return BookPage(
            books: found.map { [$0] } ?? [], similarLinks: similar.links, siteLinks: sameSite.links,
            mayIndex: robots.mayIndex, mayFollow: robots.mayFollow, linksDropped: similar.dropped + sameSite.dropped)
    }

    /// The merged fields, or nil when no format marks the page up as a book.
    private func fields(of document: HTMLDocument) -> BookFields? {
        let formats = [
            JSONLDReader(document: document).books().first, MicrodataReader(document: document).book(),
            OpenGraphReader(document: document).book(),
        ].compactMap { $0 }
        guard let first = formats.first else { return nil }
        return formats.dropFirst().reduce(first) { $0.filling(from: $1) }
    }

    private func book(from fields: BookFields, in document: HTMLDocument) -> Book? {
        guard let rawTitle = fields.title.flatMap(FieldText.clean), let address = canonicalURL(fields, document)
        else { return nil }
        var title = rawTitle
        // Markup names one series; a title suffix may name several, so it is read in full.
        var series = fields.seriesName.map { [SeriesMembership(name: $0, number: fields.seriesNumber)] } ?? []
        if series.isEmpty {
            let parsed = SeriesTitle(parsing: rawTitle)
            (title, series) = (parsed.title, parsed.series)
        }
        return Book(
            source: Self.source, sourceID: address.absoluteString, title: title, series: series,
            authors: fields.authors, year: fields.year,
            isbn10: fields.isbn10, isbn13: fields.isbn13, language: fields.language,
            averageRating: fields.averageRating, ratingsCount: fields.ratingsCount, coverURL: fields.coverURL,
            description: fields.description, sourceURL: address)
    }

    /// The book's address: the first stated one on the page's own site, else the page's URL.
    private func canonicalURL(_ fields: BookFields, _ document: HTMLDocument) -> URL? {
        let canonicalLink = document.elements { $0.name == "link" && $0.hasToken("canonical", in: "rel") }
            .first?["href"].flatMap(document.webURL)
        let site = CrawlURL.site(of: document.url)
        let stated = [fields.url, canonicalLink].compactMap { $0.flatMap(CrawlURL.normalized) }
        return stated.first { CrawlURL.site(of: $0) == site } ?? CrawlURL.normalized(document.url)
    }
}

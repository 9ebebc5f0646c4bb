import BookCatalog
import BookCrawler
import Foundation
import Testing

@Suite("Extracting books from JSON-LD", .timeLimit(.minutes(10)))
struct JSONLDExtractionTests {
    @Test("a single Book object gives every field")
    func singleObject() throws {
        let found = try #require(
            book(
                in: jsonLD(
                    """
                    {"@context": "https://schema.org", "@type": "Book", "name": "The Hunger Games",
                     "author": [{"@type": "Person", "name": "Suzanne Collins"}, "  Second   Author "],
                     "isbn": "978-0-439-02348-1", "isPartOf": {"@type": "BookSeries", "name": "The Hunger Games"},
                     "position": "1", "aggregateRating": {"ratingValue": 8.6, "bestRating": 10, "ratingCount": "4,780,653"},
                     "image": {"@type": "ImageObject", "url": "/covers/1.jpg"}, "inLanguage": "en",
                     "datePublished": "2008-09-14", "description": " Katniss\\n volunteers. ",
                     "url": "https://books.example.org/books/hunger-games#top"}
                    """)))
        #expect(found.title == "The Hunger Games")
        #expect(found.authors == ["Suzanne Collins", "Second Author"])
        #expect(found.isbn13 == "9780439023481")
        #expect(found.isbn10 == nil)
        #expect(found.seriesName == "The Hunger Games")
        #expect(found.seriesNumber == 1)
        #expect(abs((found.averageRating ?? 0) - 4.3) < 1e-9)  // 8.6 of 10
        #expect(found.ratingsCount == 4_780_653)
        #expect(found.coverURL?.absoluteString == "https://books.example.org/covers/1.jpg")
        #expect(found.language == "en")
        #expect(found.year == 2008)
        #expect(found.description == "Katniss volunteers.")
        #expect(found.source == "crawl")
        #expect(found.sourceID == "https://books.example.org/books/hunger-games")
        #expect(found.sourceURL?.absoluteString == "https://books.example.org/books/hunger-games")
    }

    @Test("@graph: the Book node among others, its author an @id reference")
    func graph() throws {
        let found = try #require(
            book(
                in: jsonLD(
                    """
                    {"@context": "https://schema.org", "@graph": [
                      {"@type": "WebSite", "name": "Example"},
                      {"@type": "Person", "@id": "#herbert", "name": "Frank Herbert"},
                      {"@type": ["Product", "schema:Book"], "name": "Dune", "author": {"@id": "#herbert"},
                       "isbn": "0441013597", "isPartOf": {"@id": "#dune-series"}, "position": 1},
                      {"@type": "BookSeries", "@id": "#dune-series", "name": "Dune Chronicles"}
                    ]}
                    """)))
        #expect(found.title == "Dune")
        #expect(found.authors == ["Frank Herbert"])
        #expect(found.isbn10 == "0441013597")
        #expect(found.seriesName == "Dune Chronicles")
        #expect(found.seriesNumber == 1)
        // No url in the markup: the page's own address.
        #expect(found.sourceID == pageURL.absoluteString)
    }

    @Test("an array of nodes; the first Book is the page's book")
    func array() throws {
        let page = extract(
            jsonLD(#"[{"@type": "BreadcrumbList"}, {"@type": "Book", "name": "Emma"}, {"@type": "Book", "name": "X"}]"#)
        )
        #expect(page.books.map(\.title) == ["Emma"])
    }

    @Test("a broken block is skipped; a valid block after it still counts")
    func brokenBlock() throws {
        let html = jsonLD(#"{"@type": "Book", "name": "Broken",, }"#) + jsonLD(#"{"@type": "Book", "name": "Valid"}"#)
        #expect(book(in: html)?.title == "Valid")
        #expect(extract(jsonLD("{not json")).books.isEmpty)
        #expect(extract(jsonLD(#"<!-- {"@type": "Book", "name": "Commented"} -->"#)).books.first?.title == "Commented")
    }

    @Test("missing fields stay nil; a Book without a name is no book")
    func missingFields() throws {
        let sparse = try #require(book(in: jsonLD(#"{"@type": "Book", "name": "Mockingjay"}"#)))
        #expect(sparse.authors.isEmpty)
        #expect(sparse.isbn10 == nil && sparse.isbn13 == nil && sparse.year == nil && sparse.coverURL == nil)
        #expect(sparse.seriesName == nil && sparse.averageRating == nil && sparse.description == nil)
        #expect(extract(jsonLD(#"{"@type": "Book", "author": "Nobody"}"#)).books.isEmpty)
        #expect(extract(jsonLD(#"{"@type": "Movie", "name": "Dune"}"#)).books.isEmpty)
    }

    @Test("without isPartOf, the title's (Series, #n) suffix is the series")
    func seriesFromTitle() throws {
        let found = try #require(
            book(in: jsonLD(#"{"@type": "Book", "name": "Catching Fire (The Hunger Games, #2)"}"#)))
        #expect(found.title == "Catching Fire")
        #expect(found.seriesName == "The Hunger Games")
        #expect(found.seriesNumber == 2)
        let plain = try #require(book(in: jsonLD(#"{"@type": "Book", "name": "Hamlet (Folger Shakespeare Library)"}"#)))
        #expect(plain.title == "Hamlet (Folger Shakespeare Library)")
        #expect(plain.seriesName == nil)
    }

    @Test("a canonical URL on another site is ignored: the page cannot claim other sites' books")
    func foreignCanonical() throws {
        let found = try #require(
            book(in: jsonLD(#"{"@type": "Book", "name": "Dune", "url": "https://other.example.com/dune"}"#)))
        #expect(found.sourceID == pageURL.absoluteString)
        let linked = try #require(
            book(in: "<link rel=canonical href='/books/dune?ref=x#a'>" + jsonLD(#"{"@type": "Book", "name": "Dune"}"#)))
        #expect(linked.sourceID == "https://books.example.org/books/dune?ref=x")
    }
}

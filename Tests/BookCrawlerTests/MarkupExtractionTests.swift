import BookCatalog
import BookCrawler
import Foundation
import Testing

@Suite("Extracting books from microdata, Open Graph and broken HTML", .timeLimit(.minutes(10)))
struct MarkupExtractionTests {
    static let microdata = """
        <div itemscope itemtype="http://schema.org/Book">
          <h1 itemprop="name">A Wizard of Earthsea</h1>
          <span itemprop="author" itemscope itemtype="https://schema.org/Person">
            <a itemprop="url" href="/authors/1"><span itemprop="name">Ursula K. Le Guin</span></a></span>
          <meta itemprop="isbn" content="978-0-547-77374-2">
          <meta itemprop="position" content="1">
          <span itemprop="isPartOf" itemscope itemtype="https://schema.org/BookSeries">
            <span itemprop="name">Earthsea Cycle</span></span>
          <div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating">
            <span itemprop="ratingValue">4.01</span> of <span itemprop="ratingCount">250,000</span></div>
          <img itemprop="image" src="../covers/earthsea.jpg">
          <time itemprop="datePublished" datetime="1968-11-01">November 1968</time>
          <p itemprop="description">A boy <em>becomes</em> a wizard.</p>
          <meta itemprop="inLanguage" content="en">
        </div>
        """

    @Test("microdata: properties of the Book item, nested items for author, series and rating")
    func microdataBook() throws {
        let found = try #require(book(in: Self.microdata))
        #expect(found.title == "A Wizard of Earthsea")
        #expect(found.authors == ["Ursula K. Le Guin"])
        #expect(found.isbn13 == "9780547773742")
        #expect(found.seriesName == "Earthsea Cycle")
        #expect(found.seriesNumber == 1)
        #expect(found.averageRating == 4.01)
        #expect(found.ratingsCount == 250_000)
        #expect(found.coverURL?.absoluteString == "https://books.example.org/covers/earthsea.jpg")
        #expect(found.year == 1968)
        #expect(found.description == "A boy becomes a wizard.")
        #expect(found.language == "en")
    }

    @Test("Open Graph book: tags; profile URLs are not author names")
    func openGraph() throws {
        let found = try #require(
            book(
                in: """
                    <head><meta property="og:type" content="book"><meta property="og:title" content="Dune">
                    <meta property="og:image" content="/covers/dune.jpg"><meta property="og:url" content="/books/dune">
                    <meta property="book:author" content="https://facebook.com/frank">
                    <meta property="book:author" content="Frank Herbert">
                    <meta name="book:isbn" content="9780441013593"><meta property="book:release_date" content="1965-08-01">
                    </head>
                    """))
        #expect(found.title == "Dune")
        #expect(found.authors == ["Frank Herbert"])
        #expect(found.isbn13 == "9780441013593")
        #expect(found.year == 1965)
        #expect(found.coverURL?.absoluteString == "https://books.example.org/covers/dune.jpg")
        #expect(found.sourceID == "https://books.example.org/books/dune")
    }

    @Test("robots meta tags: noindex drops the book, nofollow marks the page, for robots or Scout only")
    func robotsMetaTags() {
        let book = #"<script type="application/ld+json">{"@type": "Book", "name": "Dune"}</script>"#
        func page(_ meta: String) -> BookPage { extract("<html><head>\(meta)\(book)</head></html>") }
        let plain = page("")
        #expect(plain.books.count == 1 && plain.mayIndex && plain.mayFollow)
        let noindex = page(#"<meta name=" Robots " content="NOINDEX,follow">"#)
        #expect(noindex.books.isEmpty && !noindex.mayIndex && noindex.mayFollow)
        let nofollow = page(#"<meta name="scout" content="nofollow">"#)
        #expect(nofollow.books.count == 1 && nofollow.mayIndex && !nofollow.mayFollow)
        let none = page(#"<meta name="robots" content="none">"#)
        #expect(none.books.isEmpty && !none.mayIndex && !none.mayFollow)
        let otherBot = page(#"<meta name="googlebot" content="noindex, nofollow">"#)
        #expect(otherBot.books.count == 1 && otherBot.mayIndex && otherBot.mayFollow)
        let ownToken = BookPageExtractor(productToken: "MyBot").extract(
            from: HTMLDocument(html: #"<meta name="mybot" content="noindex">"# + book, url: pageURL))
        #expect(ownToken.books.isEmpty)
    }

    @Test("a page that is not a book yields none, whatever its Open Graph title")
    func notABook() {
        let page = extract(
            "<head><meta property='og:type' content='website'><meta property='og:title' content='Home'></head>"
                + "<body><a href='/books/1'>One</a></body>")
        #expect(page.books.isEmpty)
        #expect(page.siteLinks.map(\.absoluteString) == ["https://books.example.org/books/1"])
    }

    @Test("merging: JSON-LD over microdata over Open Graph, each filling what the others leave out")
    func precedence() throws {
        let html = """
            <head><meta property="og:type" content="book"><meta property="og:title" content="OG title">
            <meta property="book:isbn" content="0441013597"><meta property="og:image" content="/og.jpg">
            <meta property="book:release_date" content="1999"></head>
            <body>\(jsonLD(#"{"@type": "Book", "name": "JSON-LD title", "datePublished": "2001"}"#))
            <div itemscope itemtype="https://schema.org/Book"><span itemprop="name">Microdata title</span>
            <span itemprop="author">Microdata Author</span><meta itemprop="datePublished" content="2000"></div></body>
            """
        let found = try #require(book(in: html))
        #expect(found.title == "JSON-LD title")
        #expect(found.year == 2001)
        #expect(found.authors == ["Microdata Author"])
        #expect(found.isbn10 == "0441013597")
        #expect(found.coverURL?.absoluteString == "https://books.example.org/og.jpg")
    }

    @Test("broken HTML still yields its book and its similar books")
    func brokenHTML() throws {
        let html = """
            <html><head><title>The Left Hand of Darkness</title>
            <body><div itemscope itemtype=https://schema.org/Book>
            <h1 itemprop=name>The Left Hand of Darkness</h1>
            <p>By <span itemprop=author>Ursula K. Le Guin</span></em> where 1 < 2 & <i>nested <b>badly</i></b>
            <p>Published <span itemprop=datePublished>1969</span>
            <div class=similar-books><h2>Similar<ul><li><a href=/books/earthsea>Earthsea
            <li><a href='/books/hunger-games'>The Hunger Games</ul>
            <table><tr><td>unclosed < cell
            """
        let page = extract(html)
        let found = try #require(page.books.first)
        #expect(found.title == "The Left Hand of Darkness")
        #expect(found.authors == ["Ursula K. Le Guin"])
        #expect(found.year == 1969)
        #expect(
            page.similarLinks.map(\.absoluteString) == [
                "https://books.example.org/books/earthsea", "https://books.example.org/books/hunger-games",
            ])
    }

    @Test("nothing at all, or garbage, yields nothing and does not crash")
    func garbage() {
        for html in ["", "<", "<<<>>>", "\u{0}\u{1}", String(repeating: "<div>", count: 5_000), "<html><body></x>"] {
            #expect(extract(html).books.isEmpty)
        }
    }
}

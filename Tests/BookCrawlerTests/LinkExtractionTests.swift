import BookCrawler
import Foundation
import Testing

@Suite("Links, base URLs and charsets", .timeLimit(.minutes(10)))
struct LinkExtractionTests {
    @Test("similar-book sections are found by class, id, aria-label or heading")
    func similarSections() {
        let html = """
            <a href="/books/outside">Outside</a>
            <section class="similar-books"><a href="/books/a">A</a></section>
            <div id="related"><a href="b">B</a></div>
            <ul aria-label="Also enjoyed"><li><a href="/books/c#reviews">C</a></li></ul>
            <aside><h3>Readers also enjoyed</h3><a href="https://other.example.com/d">D</a></aside>
            <div><h2>You may also like</h2><a href="/books/a">A again</a><a href="/books/42">This page</a></div>
            """
        let similar = extract(html).similarLinks.map(\.absoluteString)
        #expect(
            similar == [
                "https://books.example.org/books/a", "https://books.example.org/books/b",
                "https://books.example.org/books/c", "https://other.example.com/d",
            ])
    }

    @Test("site links: same site only (www. and scheme aside), http(s) only, no nofollow, fragments dropped")
    func siteLinks() {
        let html = """
            <a href="/books/1#top">1</a> <a href="https://www.books.example.org/books/2">2</a>
            <a href="http://books.example.org/books/3">3</a> <a href="https://elsewhere.example.com/4">4</a>
            <a href="mailto:a@b.c">mail</a> <a href="javascript:void(0)">js</a> <a href="ftp://books.example.org/x">ftp</a>
            <a rel="nofollow ugc" href="/books/5">5</a> <a href="/books/1">1 again</a> <a>no href</a>
            <a href="  /books/6 ">6</a>
            """
        #expect(
            extract(html).siteLinks.map(\.absoluteString) == [
                "https://books.example.org/books/1", "https://www.books.example.org/books/2",
                "http://books.example.org/books/3", "https://books.example.org/books/6",
            ])
    }

    @Test("relative links resolve against <base href>, itself relative to the page")
    func baseHref() {
        let document = HTMLDocument(
            html: "<head><base href='/catalog/'></head><a href='books/7'>7</a>", url: pageURL)
        #expect(document.baseURL.absoluteString == "https://books.example.org/catalog/")
        #expect(document.resolve("books/7")?.absoluteString == "https://books.example.org/catalog/books/7")
        #expect(document.resolve("../x y")?.absoluteString == "https://books.example.org/x%20y")
        #expect(document.webURL("javascript:alert(1)") == nil)
    }

    @Test("the Content-Type charset decodes the bytes; without one, <meta charset> does")
    func charsets() throws {
        let latin1 = try #require("<title>Les Misérables</title>".data(using: .isoLatin1))
        let decoded = HTMLDocument(data: latin1, url: pageURL, charset: "ISO-8859-1")
        #expect(decoded.elements(named: "title").first?.textContent == "Les Misérables")
        let meta = try #require("<meta charset=iso-8859-1><title>Misère</title>".data(using: .isoLatin1))
        #expect(HTMLDocument(data: meta, url: pageURL).elements(named: "title").first?.textContent == "Misère")
        let unknown = HTMLDocument(data: Data("<title>Dune</title>".utf8), url: pageURL, charset: "x-no-such-charset")
        #expect(unknown.elements(named: "title").first?.textContent == "Dune")
    }

    @Test("text content collapses whitespace and leaves scripts out; script bodies stay raw")
    func text() throws {
        let document = HTMLDocument(
            html: "<p>The  <b>Hunger</b>\n Games<script>var x = 1;</script></p><p>Next</p>", url: pageURL)
        #expect(document.elements(named: "body").first?.textContent == "The Hunger Games Next")
        #expect(document.elements(named: "script").first?.rawText == "var x = 1;")
    }
}

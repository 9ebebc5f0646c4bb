import Foundation

/// The pages of the ``FakeBookSite``, written by hand the way real book sites write them.
enum BookSitePages {
    typealias Path = FakeBookSite.Path

    static var all: [String: FakeBookSite.Page] {
        var pages: [String: FakeBookSite.Page] = [
            Path.index: .html(index), Path.about: .html(about), Path.hungerGames: .html(hungerGames),
            Path.catchingFire: .html(catchingFire), Path.mockingjay: .html(mockingjay),
            Path.oldDune: .redirect(to: Path.dune, status: 301), Path.failing: .status(500),
            Path.cover: .bytes(TestImage.make(.jpeg, width: 2, height: 3), contentType: "image/jpeg"),
            Path.latin1: .bytes(Array(latin1.data(using: .isoLatin1)!), contentType: "text/html; charset=iso-8859-1"),
            Path.long: .html(long), Path.hidden: .html(hidden), Path.draft: .html(draft),
            Path.staffPicks: .html(staffPicks),
        ]
        pages.merge(BookSitePages.otherFormats) { _, other in other }
        return pages
    }

    static let index = """
        <!DOCTYPE html>
        <html lang="en"><head><title>Fake Books</title>
        <meta property="og:type" content="website"><meta property="og:title" content="Fake Books"></head>
        <body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
        <h1>New this week</h1>
        <ul><li><a href="/books/hunger-games">The Hunger Games</a></li><li><a href="/old/dune">Dune</a></li></ul>
        </body></html>
        """

    static let about = """
        <!DOCTYPE html>
        <html><head><title>About</title><meta property="og:type" content="website">
        <meta property="og:title" content="About Fake Books"></head>
        <body><p>We list books. See <a href="/books/the-long-book">the long book</a> and
        <a href="/books/les-miserables">Les Misérables</a>. <a href="/">Home</a>
        Coming soon: <a href="/books/draft">a draft</a>. <a href="/lists/staff-picks">Staff picks</a>.</p>
        </body></html>
        """

    static let draft = """
        <!DOCTYPE html>
        <html><head><title>Untitled Draft</title><meta name="ROBOTS" content="NOINDEX, follow">
        <script type="application/ld+json">{"@type": "Book", "name": "Untitled Draft", "author": "Nobody Yet"}</script>
        </head><body><h1>Untitled Draft</h1><a href="/">Home</a></body></html>
        """

    static let staffPicks = """
        <!DOCTYPE html>
        <html><head><title>Staff picks</title><meta name="scout" content="nofollow"></head>
        <body><h1>Staff picks</h1><ul><li><a href="/books/unlisted">Unlisted</a></li></ul></body></html>
        """

    static let hungerGames = """
        <!DOCTYPE html>
        <html><head><title>The Hunger Games</title>
        <script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "Book", "name": "The Hunger Games",
         "author": {"@type": "Person", "name": "Suzanne Collins"}, "isbn": "978-0-439-02348-1",
         "isPartOf": {"@type": "BookSeries", "name": "The Hunger Games"}, "position": 1,
         "aggregateRating": {"@type": "AggregateRating", "ratingValue": "4.34", "ratingCount": 4780653},
         "image": "/covers/hunger-games.jpg", "inLanguage": "en", "datePublished": "2008-09-14",
         "description": "Katniss volunteers.", "url": "{{origin}}/books/hunger-games"}
        </script></head>
        <body><nav><a href="/">Home</a></nav><h1>The Hunger Games</h1>
        <img src="/covers/hunger-games.jpg" alt=""><a href="/covers/hunger-games.jpg">Cover</a>
        <p>Out of print: <a href="/books/out-of-print">the first edition</a>.</p>
        <section class="similar-books"><h2>Readers also enjoyed</h2><ul>
        <li><a href="/books/catching-fire">Catching Fire</a></li>
        <li><a href="/books/earthsea#reviews">A Wizard of Earthsea</a></li>
        <li><a href="/private/hidden-book">A hidden book</a></li>{{elsewhere}}
        </ul></section></body></html>
        """

    static let catchingFire = """
        <!DOCTYPE html>
        <html><head><title>Catching Fire</title>
        <script type="application/ld+json">
        {"@context": "https://schema.org", "@graph": [
          {"@type": "WebPage", "@id": "{{origin}}/books/catching-fire#page", "name": "Catching Fire — Fake Books"},
          {"@type": "Person", "@id": "#collins", "name": "Suzanne Collins"},
          {"@type": ["Book", "Product"], "@id": "#book", "name": "Catching Fire (The Hunger Games, #2)",
           "author": {"@id": "#collins"}, "isbn": "0439023491", "datePublished": "2009",
           "url": "{{origin}}/books/catching-fire"}
        ]}
        </script></head>
        <body><h1>Catching Fire</h1>
        <aside><h3>Similar books</h3>
        <a href="/books/hunger-games">The Hunger Games</a> <a href="/books/mockingjay">Mockingjay</a></aside>
        </body></html>
        """

    static let mockingjay = """
        <html><head><script type="application/ld+json">{"@type": "Book", "name": "Mockingjay"}</script></head>
        <body><p>Coming soon.</p></body></html>
        """

    static let long = """
        <html><head><script type="application/ld+json">
        {"@type": "Book", "name": "The Long Book", "description": "\(String(repeating: "Very long. ", count: 5_600))"}
        </script></head><body><p>A long book.</p></body></html>
        """

    static let hidden = """
        <html><head><script type="application/ld+json">{"@type": "Book", "name": "Hidden"}</script></head></html>
        """

    static let latin1 = """
        <html><head><meta property="og:type" content="book"><meta property="og:title" content="Les Misérables">
        <meta property="book:author" content="Victor Hugo"></head><body><p>Misère.</p></body></html>
        """
}

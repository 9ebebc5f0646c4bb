extension BookSitePages {
    /// The pages in Open Graph, microdata, broken HTML and broken JSON-LD.
    static var otherFormats: [String: FakeBookSite.Page] {
        [
            Path.dune: .html(dune), Path.earthsea: .html(earthsea), Path.brokenHTML: .html(brokenHTML),
            Path.brokenJSONLD: .html(brokenJSONLD),
        ]
    }

    static let dune = """
        <!DOCTYPE html>
        <html prefix="og: https://ogp.me/ns# book: https://ogp.me/ns/book#"><head><title>Dune</title>
        <meta property="og:type" content="book">
        <meta property="og:title" content="Dune">
        <meta property="og:image" content="/covers/dune.jpg">
        <meta property="og:url" content="{{origin}}/books/dune">
        <meta property="book:author" content="Frank Herbert">
        <meta property="book:isbn" content="9780441013593">
        <meta property="book:release_date" content="1965-08-01">
        </head><body><h1>Dune</h1>
        <div id="related"><a href="/books/earthsea">A Wizard of Earthsea</a>
        <a href="/books/neuromancer">Neuromancer</a></div></body></html>
        """

    static let earthsea = """
        <!DOCTYPE html>
        <html><head><title>A Wizard of Earthsea</title></head><body>
        <div itemscope itemtype="https://schema.org/Book">
          <h1 itemprop="name">A Wizard of Earthsea</h1>
          <p>by <span itemprop="author" itemscope itemtype="https://schema.org/Person">
            <a itemprop="url" href="/authors/le-guin"><span itemprop="name">Ursula K. Le Guin</span></a></span></p>
          <meta itemprop="isbn" content="978-0-547-77374-2">
          <p>Book <meta itemprop="position" content="1"> of the
            <span itemprop="isPartOf" itemscope itemtype="https://schema.org/BookSeries">
            <span itemprop="name">Earthsea Cycle</span></span></p>
          <div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating">
            <span itemprop="ratingValue">4.01</span> from <span itemprop="ratingCount">250,000</span> ratings</div>
          <img itemprop="image" src="/covers/earthsea.jpg" alt="">
          <p>First published <time itemprop="datePublished" datetime="1968-11-01">November 1968</time></p>
          <p itemprop="description">A boy becomes a wizard.</p>
        </div>
        <section><h2>Readers also enjoyed</h2><ul>
          <li><a href="/books/dune">Dune</a></li><li><a href="/books/left-hand-of-darkness">The Left Hand</a></li>
        </ul></section></body></html>
        """

    /// Stray `<`, an end tag that was never opened, misnested inline elements, unquoted
    /// attributes, unclosed `<p>`, `<li>`, `<div>`, `<table>`, `<body>` and `<html>`.
    static let brokenHTML = """
        <!DOCTYPE html>
        <html><head><meta charset=utf-8><title>The Left Hand of Darkness</title>
        <body>
        <div itemscope itemtype=https://schema.org/Book>
        <h1 itemprop=name>The Left Hand of Darkness</h1>
        <p>By <span itemprop=author>Ursula K. Le Guin</span></em> — where 1 < 2 & <i>nested <b>badly</i></b>
        <p>Published <span itemprop=datePublished>1969</span>
        <div class=similar-books><h2>Similar books<ul><li><a href=/books/earthsea>A Wizard of Earthsea
        <li><a href='/books/hunger-games'>The Hunger Games</ul>
        <table><tr><td>an unclosed cell
        """

    static let brokenJSONLD = """
        <!DOCTYPE html>
        <html><head><title>Neuromancer</title>
        <script type="application/ld+json">{"@type": "Book", "name": "Neuromancer",, "author": </script>
        <meta property="og:type" content="book">
        <meta property="og:title" content="Neuromancer">
        <meta property="book:author" content="William Gibson">
        <meta property="book:release_date" content="1984">
        </head><body><h1>Neuromancer</h1></body></html>
        """
}

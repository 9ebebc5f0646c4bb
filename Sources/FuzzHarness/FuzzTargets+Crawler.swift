#if DEBUG
    import BookCatalog
    import BookCrawler
    import Foundation

    extension FuzzTargets {
        /// robots.txt: any text parses; the robots.txt path itself is always allowed.
        static let robotsTxt = FuzzTarget("robots-txt") { data in
            let policy = RobotsPolicy(parsing: text(data))
            for path in ["/", "/books/1", "/%E3%81%82?q=1", "/a*b$"] { _ = policy.allows(path: path) }
            return check(policy.allows(path: "/robots.txt"), "robots.txt itself disallowed")
        }

        /// A crawled page through libxml2's HTML parser and the JSON-LD, microdata and Open Graph
        /// readers: any bytes give a page, and every book it yields has a title.
        static let bookPages = FuzzTarget("book-page") { data in
            let document = HTMLDocument(data: data, url: URL(string: "https://books.example/book/1")!)
            let page = BookPageExtractor().extract(from: document)
            return page.books.flatMap { book in
                check(!book.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "a book without a title")
            }
        }
    }
#endif

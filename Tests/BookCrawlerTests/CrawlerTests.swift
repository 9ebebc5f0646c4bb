import BookCatalog
import BookCrawler
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

@Suite("Crawling the fake book site", .serialized, .timeLimit(.minutes(10)))
struct CrawlerTests {
    typealias Path = FakeBookSite.Path

    @Test("a whole crawl: robots.txt first, robots rules and meta tags kept, books and links stored, re-crawl: no new")
    func wholeSite() async throws {
        try await withFakeBookSite { site in
            try await withCrawlStore { store, _ in
                let crawler = Crawler(store: store, configuration: testConfiguration(depth: 3))
                let summary = try await crawler.crawl([site.baseURL])
                let paths = site.requests.map(\.path)
                #expect(paths.first == Path.robots)
                #expect(paths.filter { $0 == Path.robots }.count == 1)
                #expect(!paths.contains { $0.hasPrefix("/private/") })
                #expect(summary.skippedByRobots.map(\.path) == [Path.hidden])
                #expect(site.requests.allSatisfy { $0.userAgent?.hasPrefix("Scout/") == true })
                #expect(site.requests.allSatisfy { $0.userAgent?.contains(testContact) == true })

                #expect(summary.pagesFetched == 13)
                #expect(summary.booksFound == 9 && summary.booksInserted == 9)
                // Robots meta tags: the draft is read but not kept, the staff picks' links not followed.
                #expect(summary.notIndexed.map(\.path) == [Path.draft])
                #expect(paths.contains(Path.staffPicks) && !paths.contains(Path.unlisted))
                #expect(summary.skippedNotHTML.map(\.path) == [Path.cover])
                #expect(paths.filter { $0 == Path.failing }.count == 3)  // retried, then reported
                let failed = Dictionary(uniqueKeysWithValues: summary.failures.map { ($0.url.path, $0.reason) })
                #expect(failed[Path.failing] == "The site answered HTTP 500 to every attempt. Retry later.")
                #expect(failed["/authors/le-guin"] == "The site answered HTTP 404. Check the link.")
                #expect(paths.contains(Path.oldDune) && paths.contains(Path.dune))
                try await expectStoredBooks(in: store, site: site)

                let again = try await crawler.crawl([site.baseURL])
                #expect(again.booksInserted == 0 && again.booksUpdated == 0 && again.booksUnchanged == 9)
                #expect(try await store.count() == 9)
            }
        }
    }

    private func expectStoredBooks(in store: SQLiteBookStore, site: FakeBookSite) async throws {
        func stored(_ path: String) async throws -> Book {
            try #require(
                try await store.book(key: BookKey(source: "crawl", sourceID: site.url(path).absoluteString)), "\(path)")
        }
        let hungerGames = try await stored(Path.hungerGames)
        #expect(hungerGames.seriesName == "The Hunger Games" && hungerGames.seriesNumber == 1)
        #expect(hungerGames.isbn13 == "9780439023481" && hungerGames.year == 2008 && hungerGames.language == "en")
        #expect(hungerGames.coverURL == site.url(Path.cover))
        #expect(hungerGames.sourceURL == site.url(Path.hungerGames))
        let catchingFire = try await stored(Path.catchingFire)
        #expect(catchingFire.title == "Catching Fire" && catchingFire.seriesNumber == 2)
        #expect(catchingFire.authors == ["Suzanne Collins"])
        #expect(try await stored(Path.dune).authors == ["Frank Herbert"])
        #expect(try await stored(Path.earthsea).seriesName == "Earthsea Cycle")
        #expect(try await stored(Path.brokenHTML).authors == ["Ursula K. Le Guin"])
        #expect(try await stored(Path.brokenJSONLD).authors == ["William Gibson"])
        #expect(try await stored(Path.latin1).title == "Les Misérables")
        #expect(try await stored(Path.mockingjay).authors.isEmpty)

        let links = try await store.outgoingLinks()
        let fromHungerGames = Set(links.filter { $0.from == hungerGames.id }.map(\.to))
        #expect(fromHungerGames == [site.url(Path.catchingFire), site.url(Path.earthsea), site.url(Path.hidden)])
        #expect(links.contains { $0.from == catchingFire.id && $0.to == site.url(Path.mockingjay) })
    }

    @Test("depth 1 from a book: its links are fetched, theirs are not")
    func depth() async throws {
        try await withFakeBookSite { site in
            try await withCrawlStore { store, _ in
                let summary = try await Crawler(store: store, configuration: testConfiguration(depth: 1))
                    .crawl([site.url(Path.hungerGames)])
                let paths = Set(site.requests.map(\.path))
                #expect(paths.isSuperset(of: [Path.hungerGames, Path.catchingFire, Path.earthsea, Path.index]))
                #expect(paths.isDisjoint(with: [Path.mockingjay, Path.brokenHTML, Path.about, Path.dune]))
                #expect(summary.booksFound == 3)
            }
        }
    }

    @Test("a page over the byte cap is reported and skipped; the rest are read")
    func byteCap() async throws {
        try await withFakeBookSite { site in
            try await withCrawlStore { store, _ in
                var configuration = testConfiguration(depth: 1)
                configuration.maxPageBytes = 20 * 1024
                let summary = try await Crawler(store: store, configuration: configuration).crawl([site.url(Path.about)]
                )
                #expect(summary.failures.map(\.url.path) == [Path.long])
                #expect(summary.failures.first?.reason.hasPrefix("The page is larger than 20 KiB") == true)
                #expect(site.requests.filter { $0.path == Path.long }.count == 1)  // not retried
                #expect(summary.booksFound == 1)  // Les Misérables
            }
        }
    }

    @Test("the page limit stops the crawl")
    func pageLimit() async throws {
        try await withFakeBookSite { site in
            try await withCrawlStore { store, _ in
                var configuration = testConfiguration(depth: 3)
                configuration.maxPages = 2
                let summary = try await Crawler(store: store, configuration: configuration).crawl([site.baseURL])
                #expect(summary.pagesFetched == 2)
                #expect(site.requests.count == 3)  // robots.txt and two pages
            }
        }
    }
}

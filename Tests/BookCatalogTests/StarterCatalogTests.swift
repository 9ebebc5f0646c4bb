import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct StarterCatalogTests {
    @Test func theStarterCatalogParsesCleanlyWithUniqueIDs() async throws {
        let lines = String(decoding: StarterCatalog.data, as: UTF8.self).split(separator: "\n")
        try await withTemporaryStore { store in
            let summary = try await JSONLinesImporter(store: store).importBooks(from: StarterCatalog.data)
            print("starter catalog: \(summary.imported) books, \(summary.skipped.count) bad lines")
            #expect(summary.skipped.isEmpty)
            #expect(summary.imported >= 250 && summary.imported == lines.count)
            let books = try await store.allBooks()
            #expect(Set(books.map(\.sourceID)).count == books.count)
            #expect(books.allSatisfy { $0.source == StarterCatalog.source && !$0.authors.isEmpty })
            #expect(books.allSatisfy { (2...4).contains($0.tags.count) && $0.language != nil })
            // Well-known books carry their original titles, and none is dropped as a repeat of its title.
            #expect(books.first { $0.title == "The Little Prince" }?.alternateTitles == ["Le Petit Prince"])
            #expect(
                books.first { $0.title == "One Hundred Years of Solitude" }?.alternateTitles == ["Cien años de soledad"]
            )
            #expect(
                books.count { !$0.alternateTitles.isEmpty } == lines.count { $0.contains(#""alternateTitles":"#) })
        }
    }

    @Test func installIfEmptyInstallsOnceWithSeriesRelations() async throws {
        try await withTemporaryStore { store in
            let summary = try #require(try await StarterCatalog.installIfEmpty(into: store))
            #expect(summary.imported >= 250 && summary.skipped.isEmpty)

            let hunger = try #require(try await store.search("hunger games", limit: 1).first)
            #expect(hunger.title == "The Hunger Games" && hunger.seriesNumber == 1)
            let series = try await store.related(to: hunger.id, kind: .sameSeries)
            // In series order: the prequel at #0 first (it came between #2 and #3).
            #expect(
                series.map { "\($0.book.title): \($0.relation.reason)" } == [
                    "The Ballad of Songbirds and Snakes: same series: The Hunger Games #0",
                    "Catching Fire: same series: The Hunger Games #2", "Mockingjay: same series: The Hunger Games #3",
                ])

            #expect(try await StarterCatalog.installIfEmpty(into: store) == nil)
            #expect(try await store.count() == summary.imported)
        }
    }

    /// A Japanese, Chinese or Korean reader's first search on a fresh install, typed as their
    /// input method types it, finds a book offline.
    @Test func readersOfJapaneseChineseAndKoreanFindBooksOnTheFirstRun() async throws {
        try await withTemporaryDirectory(prefix: "scout-starter") { directory in
            let store = try await SQLiteBookStore(
                path: directory.appendingPathComponent("books.sqlite").path,
                readingAnalyzer: try MeCabReadingsTests.ipadic())
            _ = try #require(try await StarterCatalog.installIfEmpty(into: store))
            let cases = [
                ("うみべのかふか", "海辺のカフカ"), ("のるうぇい", "Norwegian Wood"), ("murakami haruki", "Norwegian Wood"),
                ("にんげんしっ", "人間失格"), ("higashino", "容疑者Xの献身"), ("紅樓夢", "红楼梦"), ("hong lou meng", "红楼梦"),
                ("xiyouji", "西游记"), ("채시", "채식주의자"), ("소년이 오", "소년이 온다"),
            ]
            for (query, title) in cases {
                let titles = try await store.search(query, limit: 3).map(\.title)
                #expect(titles.contains(title), "“\(query)” → \(titles)")
            }
        }
    }
}

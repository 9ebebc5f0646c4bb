import Foundation
import Testing

@testable import BookCatalog

/// The relation builder's bounds against hostile catalogs and its chunked, parallel run.
@Suite("Set-wise relation builder", .timeLimit(.minutes(10))) struct SetwiseRelationTests {
    /// Books by number with tags, first author and series as given.
    private static func book(
        _ id: Int64, tags: [String] = [], author: String? = nil, series: String? = nil, number: Double? = nil,
        ratings: Int? = nil
    ) -> Book {
        Book(
            id: id, source: "test", sourceID: "\(id)", title: "Book \(id)", seriesName: series, seriesNumber: number,
            authors: [author ?? "Author \(id)"], ratingsCount: ratings, tags: tags)
    }

    @Test("A tag on (nearly) every book costs each book a bounded visit, not the whole catalog")
    func aTagOnEveryBookIsVisitedBoundedly() {
        let count = 4_000
        // "fiction" on every book weighs nothing (log(n / n) = 0) and "popular" on all but one
        // weighs a little: the hostile case, a posting list of the whole catalog. Each pair of
        // books shares a rare tag of its own, the relation that must survive the bound.
        let books = (0..<count).map { index -> Book in
            let tags: [String] = ["fiction", "pair-\(index / 2)"]
            return Self.book(Int64(index + 1), tags: index == 0 ? tags : tags + ["popular"])
        }
        let catalog = RelationCatalog(books.map(RelationSubject.init))
        let (relations, visits) = RelationBuilder().similarTags(in: catalog, at: Array(catalog.indices)[...])
        let bound = RelationBuilder.maximumTagPostingsVisited
        // Per book: its pair's two postings, and at most the bound of "popular"'s.
        #expect(visits <= count * (2 + bound))
        #expect(visits < count * count / 2)  // what visiting every posting came to: count²
        for index in stride(from: 0, to: count, by: 2) {
            let (first, second) = (Int64(index + 1), Int64(index + 2))
            #expect(relations.first { $0.from == first }?.to == second)
            #expect(relations.first { $0.from == second }?.to == first)
        }
    }

    @Test("A book's visits over all its tags stop at the builder's cap, its heaviest tags first")
    func aBooksTotalTagVisitsAreCapped() {
        // 39 of 40 books share five common tags (weighing a little: the last book lacks them),
        // each book also a rare tag of its pair: uncapped a book visits 2 + 5 × 39 postings;
        // capped at 12 it spends them on its heaviest tags, its pair's first.
        let common: [String] = ["a", "b", "c", "d", "e"]
        let books = (0..<40).map { (index: Int) -> Book in
            let tags: [String] = ["pair-\(index / 2)"] + (index == 39 ? [] : common)
            return Self.book(Int64(index + 1), tags: tags)
        }
        let catalog = RelationCatalog(books.map(RelationSubject.init))
        let all = Array(catalog.indices)[...]
        let uncapped = RelationBuilder().similarTags(in: catalog, at: all)
        let capped = RelationBuilder(tagVisitsPerBook: 12).similarTags(in: catalog, at: all)
        #expect(uncapped.visits > 40 * 12)
        #expect(capped.visits <= 40 * 12)
        #expect(catalog.tags.visitAllowances(0, total: 12) == [2, 10, 0, 0, 0, 0])
        #expect(catalog.tags.visitAllowances(0, total: 1_000) == nil)
        for index in stride(from: 0, to: 40, by: 2) {
            #expect(capped.relations.first { $0.from == Int64(index + 1) }?.to == Int64(index + 2))
        }
    }

    @Test("A catalog whose tags are all on fewer books than the bound is visited whole")
    func smallPostingsAreVisitedWhole() {
        let books = (1...30).map { Self.book(Int64($0), tags: ["tag-\($0 % 3)", "tag-\($0 % 5)", "rare-\($0 % 7)"]) }
        let catalog = RelationCatalog(books.map(RelationSubject.init))
        let visits = RelationBuilder().similarTags(in: catalog, at: Array(catalog.indices)[...]).visits
        let postings = catalog.indices.reduce(0) { total, position in
            total
                + catalog.tags.vector(position).reduce(0) {
                    $0 + catalog.tags.postings(Int(catalog.tags.vectorTags[$1])).count
                }
        }
        #expect(visits == postings && visits > 0)
    }

    @Test("An author of thousands of books costs each book its limit and skips, not the author's list")
    func aHugeAuthorIsBounded() {
        // Half the author's books are one series (related as same series, skipped as same
        // author), the best rated of all: each book of the series walks past them, up to the bound.
        let books = (1...3_000).map { id in
            Self.book(
                Int64(id), author: "Prolific", series: id <= 1_500 ? "Endless" : nil, number: Double(id),
                ratings: 10_000 - id)
        }
        let relations = RelationBuilder().sameAuthor(among: books)
        let bySource = Dictionary(grouping: relations, by: \.from)
        #expect(bySource[1_600]?.map(\.to) == Array(1...10))
        #expect(bySource[1]?.map(\.to) == nil)  // 1,500 series books first: past the skip bound
        #expect(RelationBuilder.maximumAuthorSkips < 1_500)
        #expect(bySource.values.allSatisfy { $0.count == 10 })
    }

    @Test("The same relations in the same order whatever the chunking", arguments: [1, 3, 7, 64, 10_000])
    func chunkingChangesNothing(chunkSize: Int) async {
        let books = (1...120).map { (id: Int) -> Book in
            let tags: [String] = ["tag-\(id % 4)", "tag-\(id % 9)", "tag-\(id % 13)"]
            let series: String? = id % 5 == 0 ? "Series \(id % 3)" : nil
            return Self.book(
                Int64(id), tags: tags, author: "Author \(id % 11)", series: series, number: Double(id),
                ratings: (id * 37) % 101)
        }
        let picks = (1...200).flatMap { (reader: Int) -> [ReaderPick] in
            (0..<6).map { (pick: Int) -> ReaderPick in
                ReaderPick(reader: "reader \(reader)", book: Int64((reader * 7 + pick * 13) % 120 + 1))
            }
        }
        let builder = RelationBuilder()
        let whole = builder.relations(among: books, picks: picks)
        let kinds: Set<Relation.Kind> = [.sameSeries, .sameAuthor, .similarTags, .alsoEnjoyed]
        #expect(Set(whole.map(\.kind)) == kinds)
        let subjects = books.map(RelationSubject.init)
        #expect(await builder.relations(among: subjects, picks: picks, chunkSize: chunkSize) == whole)
        let sources: Set<Int64> = [3, 10, 50, 77, 119]
        #expect(
            await builder.relations(among: subjects, picks: picks, from: sources, chunkSize: chunkSize)
                == builder.relations(among: books, picks: picks, from: sources))
    }

    @Test("Chunks come back in the items' order")
    func chunksKeepTheirOrder() async {
        let items = Array(0..<1_000)
        for size in [1, 2, 999, 1_000, 5_000] {
            #expect(await RelationBuilder.inChunks(items, size: size) { $0.map { $0 * 2 } } == items.map { $0 * 2 })
        }
        #expect(await RelationBuilder.inChunks([Int](), size: nil) { $0.map { $0 } }.isEmpty)
    }
}

extension SetwiseRelationTests {
    @Test("The ASCII grouping key is Foundation's folding for every ASCII character and spacing")
    func asciiKeysAreFoundationsFolding() {
        let characters = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        let texts =
            characters + characters.map { "  Ab\($0)C d\($0)\($0)E  " } + [
                "", " ", "\t\n", "Suzanne  Collins", " The Hunger\tGames ", "J. R. R. Tolkien", "young-adult",
                "A\r\nB", "\u{0B}x\u{0C}y\u{1C}z\u{1F}",
            ]
        for text in texts {
            #expect(RelationBuilder.asciiGroupingKey(text) != nil)
            #expect(
                RelationBuilder.groupingKey(text) == RelationBuilder.foldedGroupingKey(text), "\(text.debugDescription)"
            )
        }
        #expect(RelationBuilder.asciiGroupingKey("Émile Zola") == nil)
        #expect(RelationBuilder.groupingKey("Émile  ZOLA") == "emile zola")
    }
}

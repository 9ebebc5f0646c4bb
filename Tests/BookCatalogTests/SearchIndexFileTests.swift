import BookCatalog
import Foundation
import ScoutTestSupport
import Synchronization
import Testing

/// The candidate index kept in a file: mapped, it finds what the index built in memory finds;
/// a file of another generation, damaged, truncated or of another format is refused with its
/// reason and rebuilt, and no bytes in it crash search.
@Suite("Search index file")
struct SearchIndexFileTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func theMappedIndexFindsWhatTheIndexInMemoryFinds(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let entries = GeneratedEntries.make(400, using: &random)
        let built = try CandidateIndex(entries, generation: 7)
        try withTemporaryDirectory { directory in
            let file = SearchIndexFile(path: directory.appendingPathComponent("books.sqlite.search-index").path)
            let stored = file.store(built)
            let mapped = try file.load(generation: 7).get()
            #expect(stored.isMapped && mapped.isMapped && !built.isMapped)
            #expect(mapped.count == entries.count && mapped.generation == 7)
            for text in GeneratedEntries.queries(from: entries, using: &random) {
                guard let query = SearchText.exactQuery(text) else { continue }
                let expected = built.search(query, limit: 50)
                let found = mapped.search(query, limit: 50)
                #expect(found.map(\.id) == expected.map(\.id), "\(text)")
                #expect(found == expected, "\(text)")
                #expect(mapped.count(query) == built.count(query), "\(text)")
            }
        }
    }

    @Test func everyFieldRankingReadsComesBackFromTheFile() throws {
        let entry = SearchEntry(
            id: 1 << 40, title: "人間失格", alternateTitles: ["No Longer Human"], series: ["Dazai"],
            authors: ["太宰治"], ratingsCount: nil, textReadings: ["人間失格": "ニンゲン シッカク", "太宰治": "だざい おさむ"])
        try withTemporaryDirectory { directory in
            let file = SearchIndexFile(path: directory.appendingPathComponent("catalog.search-index").path)
            _ = file.store(try CandidateIndex([entry], generation: 1))
            let book = try #require(
                try file.load(generation: 1).get().search(SearchText.exactQuery("人間")!, limit: 5).first)
            #expect(book.id == 1 << 40 && book.title == "人間失格" && book.ratingsCount == nil)
            #expect(book.alternateTitles == ["No Longer Human"] && book.series.map(\.name) == ["Dazai"])
            #expect(book.authors == ["太宰治"] && book.textReadings == entry.textReadings)
        }
    }

    @Test func aFileOfAnotherGenerationIsRebuiltAndRewritten() async throws {
        try await withTemporaryDirectory { directory in
            let reports = Mutex<[String]>([])
            let file = SearchIndexFile(path: directory.appendingPathComponent("a.search-index").path) { message in
                reports.withLock { $0.append(message) }
            }
            _ = file.store(try CandidateIndex(GeneratedEntries.dune, generation: 3))
            #expect(file.load(generation: 4).failure == .stale(file: 3, catalog: 4))
            let builds = Mutex(0)
            let index = try await file.loadOrBuild(generation: 4, bookCount: { 1 }) {
                builds.withLock { $0 += 1 }
                return try CandidateIndex(GeneratedEntries.dune, generation: 4)
            }
            #expect(index.isMapped && index.generation == 4 && builds.withLock { $0 } == 1)
            #expect(try file.load(generation: 4).get().count == 1)
            #expect(reports.withLock { $0 }.contains { $0.contains("generation 3") && $0.contains("at 4") })
        }
    }

    /// Each damage, and the words of the reason it is refused with.
    static let damages: [(name: String, reason: String, damage: @Sendable (inout [UInt8]) -> Void)] = [
        ("empty", "empty", { $0 = [] }),
        ("cut inside the header", "less than a header", { $0 = Array($0.prefix(30)) }),
        ("cut inside the sections", "truncated", { $0 = Array($0.prefix($0.count - 9)) }),
        ("another magic", "not a Scout search index", { $0[0] = UInt8(ascii: "X") }),
        ("another version", "version 9", { $0[8] = 9 }),
        ("a header byte flipped", "checksum", { $0[30] ^= 0x40 }),
    ]

    @Test(arguments: 0..<damages.count)
    func aDamagedFileIsRefusedWithItsReasonAndRebuilt(damage: Int) async throws {
        let (name, reason, change) = Self.damages[damage]
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("b.search-index").path
            let reports = Mutex<[String]>([])
            let file = SearchIndexFile(path: path) { message in reports.withLock { $0.append(message) } }
            _ = file.store(try CandidateIndex(GeneratedEntries.dune, generation: 2))
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            change(&bytes)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let problem = try #require(file.load(generation: 2).failure, "\(name)")
            #expect(problem.description.contains(reason), "\(name): \(problem)")
            let rebuilt = try await file.loadOrBuild(generation: 2, bookCount: { 1 }) {
                try CandidateIndex(GeneratedEntries.dune, generation: 2)
            }
            #expect(rebuilt.search(SearchText.exactQuery("dune")!, limit: 5).map(\.title) == ["Dune"], "\(name)")
            #expect(reports.withLock { $0 }.contains { $0.contains(reason) && $0.contains("rebuilding") }, "\(name)")
            #expect(try file.load(generation: 2).get().isMapped, "\(name): the rebuilt index is written back")
        }
    }

    /// Damage past the header (which its checksum does not cover) makes search wrong, never crash.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func noBytesInTheSectionsCrashSearch(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let entries = GeneratedEntries.make(60, using: &random)
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("c.search-index").path
            let file = SearchIndexFile(path: path) { _ in }
            _ = file.store(try CandidateIndex(entries, generation: 1))
            let pristine = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let headerSize = 56 + 18 * 24 + 8
            let queries = GeneratedEntries.queries(from: entries, using: &random).compactMap(SearchText.exactQuery)
            for round in 0..<40 {
                var bytes = pristine
                for _ in 0..<(1 + round) {
                    let place = Int.random(in: headerSize..<bytes.count, using: &random)
                    bytes[place] = round.isMultiple(of: 2) ? 0xFF : UInt8.random(in: 0...255, using: &random)
                }
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                let damaged = try file.load(generation: 1).get()
                for query in queries.prefix(12) {
                    #expect(damaged.search(query, limit: 20).count <= 20)
                    _ = damaged.count(query)
                }
            }
        }
    }

    @Test func aFileOfAnotherCatalogAtTheSameGenerationIsRebuilt() async throws {
        try await withTemporaryDirectory { directory in
            let reports = Mutex<[String]>([])
            let file = SearchIndexFile(path: directory.appendingPathComponent("e.search-index").path) { message in
                reports.withLock { $0.append(message) }
            }
            var random = SplitMix64(seed: 5)
            _ = file.store(try CandidateIndex(GeneratedEntries.make(3, using: &random), generation: 6))
            let index = try await file.loadOrBuild(generation: 6, bookCount: { 1 }) {
                try CandidateIndex(GeneratedEntries.dune, generation: 6)
            }
            #expect(index.count == 1 && index.isMapped)
            #expect(reports.withLock { $0 }.contains { $0.contains("holds 3 books, the catalog 1") })
        }
    }

    @Test func twoIndexesOfOneFileShareItsMapping() throws {
        try withTemporaryDirectory { directory in
            let file = SearchIndexFile(path: directory.appendingPathComponent("d.search-index").path)
            _ = file.store(try CandidateIndex(GeneratedEntries.dune, generation: 5))
            let first = try file.load(generation: 5).get()
            let second = try SearchIndexFile(path: file.path).load(generation: 5).get()
            #expect(first.isMapped && second.isMapped)
            let query = SearchText.exactQuery("herb")!
            #expect(first.search(query, limit: 5) == second.search(query, limit: 5))
            #expect(SearchIndexFile(besideDatabase: "/srv/books.sqlite")?.path == "/srv/books.sqlite.search-index")
            #expect(SearchIndexFile(besideDatabase: ":memory:") == nil)
        }
    }
}

extension Result {
    /// The error, if it failed.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

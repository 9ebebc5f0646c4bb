import BookCatalog
import BookStorage
import Foundation
import Postgres
import ScoutTestSupport
import Testing

/// A PostgreSQL catalog's search index kept in a file of a folder of the host's, named after the
/// identity the catalog keeps in its database: a second store maps it, another database never
/// takes it for its own.
@Suite(
    "PostgreSQL search index file",
    .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)),
    .timeLimit(.minutes(10)))
struct PostgresSearchIndexFileTests {
    /// The files in `directory`.
    private func files(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func aSecondStoreMapsTheFileTheFirstWrote() async throws {
        try await withTemporaryDirectory { directory in
            try await TestPostgresServer.withTemporaryDatabase { url in
                let location = try CatalogLocation(url)
                let first = try await BookStores.open(location, searchIndexDirectory: directory)
                _ = try await first.upsert(SampleBooks.all)
                try await first.prepareSearch()
                let names = try files(in: directory)
                #expect(names.count == 1 && names[0].hasPrefix("catalog-") && names[0].hasSuffix(".search-index"))

                let second = try #require(
                    try await BookStores.open(location, searchIndexDirectory: directory) as? PostgresBookStore)
                let identity = try #require(try Self.identity(of: second))
                let file = SearchIndexFile(directory: directory.path, catalogIdentity: identity)
                #expect(names == [URL(fileURLWithPath: file.path).lastPathComponent])
                let mapped = try file.load(generation: try await second.generation()).get()
                #expect(mapped.count == SampleBooks.all.count && mapped.catalogIdentity == identity)
                try await second.prepareSearch()
                let page = try await second.rankedPage("hunger gmaes", offset: 0, limit: 5)
                #expect(page.matches.first?.book.title == "The Hunger Games")
            }
        }
    }

    @Test func anotherDatabaseNeverTakesTheFileForItsOwn() async throws {
        try await withTemporaryDirectory { directory in
            try await TestPostgresServer.withTemporaryDatabase { firstURL in
                try await TestPostgresServer.withTemporaryDatabase { secondURL in
                    let first = try await BookStores.open(
                        try CatalogLocation(firstURL), searchIndexDirectory: directory)
                    _ = try await first.upsert(SampleBooks.all)
                    try await first.prepareSearch()
                    let second = try #require(
                        try await BookStores.open(try CatalogLocation(secondURL), searchIndexDirectory: directory)
                            as? PostgresBookStore)
                    // The same books, so the same generation and count: only the identity differs.
                    _ = try await second.upsert(SampleBooks.all)
                    let firstIdentity = try #require(try Self.identity(of: first))
                    let secondIdentity = try #require(try Self.identity(of: second))
                    #expect(firstIdentity != secondIdentity)
                    // The first database's file put where the second's belongs.
                    let theirs = SearchIndexFile(directory: directory.path, catalogIdentity: firstIdentity).path
                    let ours = SearchIndexFile(directory: directory.path, catalogIdentity: secondIdentity)
                    try FileManager.default.copyItem(atPath: theirs, toPath: ours.path)
                    let generation = try await second.generation()
                    #expect(
                        ours.load(generation: generation).failure
                            == .foreign(file: firstIdentity, catalog: secondIdentity))
                    try await second.prepareSearch()
                    #expect(try ours.load(generation: generation).get().catalogIdentity == secondIdentity)
                }
            }
        }
    }

    /// The store's catalog identity.
    private static func identity(of store: any BookStore) throws -> Int64? {
        try #require(store as? PostgresBookStore).catalogIdentity
    }
}

extension Result {
    /// The error, if it failed.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

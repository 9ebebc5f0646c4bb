import BookCatalog
import Foundation
import ScoutTestSupport
import Synchronization
import Testing

/// A file kept in a shared folder for a PostgreSQL catalog is named after the catalog's
/// identity and records it: a file of another identity, even put at this one's name, is
/// refused and rebuilt.
extension SearchIndexFileTests {
    @Test func aFileInAFolderIsNamedAfterTheCatalogIdentity() {
        #expect(
            SearchIndexFile(directory: "/var/cache/scout/search-index", catalogIdentity: 255).path
                == "/var/cache/scout/search-index/catalog-00000000000000ff.search-index")
        #expect(
            SearchIndexFile(directory: "/c", catalogIdentity: -1).path == "/c/catalog-ffffffffffffffff.search-index")
        #expect(SearchIndexFile(directory: "/c", catalogIdentity: 7).catalogIdentity == 7)
    }

    @Test func aFileOfAnotherCatalogIdentityIsRefusedAndRebuilt() async throws {
        try await withTemporaryDirectory { directory in
            let reports = Mutex<[String]>([])
            let other = SearchIndexFile(directory: directory.path, catalogIdentity: 41)
            let file = SearchIndexFile(
                path: other.path, catalogIdentity: 42, report: { message in reports.withLock { $0.append(message) } })
            // The other catalog's file, of the same generation and book count, at this one's path.
            _ = other.store(try CandidateIndex(GeneratedEntries.dune, generation: 9, catalogIdentity: 41))
            #expect(file.load(generation: 9).failure == .foreign(file: 41, catalog: 42))
            let index = try await file.loadOrBuild(generation: 9, bookCount: { 1 }) {
                try CandidateIndex(GeneratedEntries.dune, generation: 9, catalogIdentity: 42)
            }
            #expect(index.isMapped && index.catalogIdentity == 42)
            #expect(try file.load(generation: 9).get().catalogIdentity == 42)
            #expect(other.load(generation: 9).failure == .foreign(file: 42, catalog: 41))
            #expect(reports.withLock { $0 }.contains { $0.contains("identity 41") && $0.contains("rebuilding") })
        }
    }
}

import Foundation
import ScoutTestSupport
import Synchronization
import Testing

@testable import BookCatalog

/// The index image's compact encoding: each section at the narrowest width its values need,
/// ids less a base, ratings counts zigzag-coded; every value comes back exactly, from memory and
/// from the file, and a header that lies about widths or bounds is refused.
@Suite("Search index encoding")
struct SearchIndexEncodingTests {
    /// Ids and ratings counts at the ends of their ranges, which need every width up to 8.
    static let extremes: [SearchEntry] = [
        (Int64.min, nil), (-1, 0), (0, -1), (1, 1), (255, 256), (1 << 40, Int.max), (Int64.max, Int.min + 1),
        (Int64.max - 1, 1 << 30), (65_536, -(1 << 40)),
    ].map { id, ratings in SearchEntry(id: id, title: "Dune \(id)", authors: ["Frank Herbert"], ratingsCount: ratings) }

    @Test func idsAndRatingsCountsOfEveryWidthComeBackExactly() throws {
        let built = try CandidateIndex(Self.extremes, generation: 3)
        try withTemporaryDirectory { directory in
            let file = SearchIndexFile(path: directory.appendingPathComponent("x.search-index").path) { _ in }
            _ = file.store(built)
            let mapped = try file.load(generation: 3).get()
            for index in [built, mapped] {
                let found = index.search(SearchText.exactQuery("dune")!, limit: 50)
                let expected = Self.extremes.sorted { $0.searchOrder < $1.searchOrder }
                #expect(found.map(\.id) == expected.map(\.id))
                #expect(found.map(\.ratingsCount) == expected.map(\.ratingsCount))
                #expect(found.map(\.title) == expected.map(\.title))
            }
        }
    }

    @Test(arguments: [nil, 0, 1, -1, 2, 1 << 30, Int.max, Int.min + 1, -(1 << 40)] as [Int?])
    func aRatingsCountCodeReadsBackAsTheCount(count: Int?) {
        #expect(CandidateIndex.Layout.ratingsCount(CandidateIndex.Layout.ratingsCode(count)) == count)
    }

    @Test func eachSectionTakesTheWidthItsLargestValueNeeds() throws {
        var random = SplitMix64(seed: 4)
        let entries = GeneratedEntries.make(300, using: &random)
        let index = try CandidateIndex(entries, generation: 1)
        let header = try CandidateIndex.Header(of: index.storage.bytes)
        func width(_ section: CandidateIndex.Layout.Section) -> Int { header.sections[section.rawValue].width }
        // Ids 3…2096 less the base 3; places below 300; a few dozen words; ratings codes up to 40,001.
        #expect(width(.ids) == 2 && width(.postings) == 2 && width(.postingStarts) == 2)
        #expect(width(.ratingsCounts) == 2 && width(.alternateCounts) == 1 && width(.text) == 1)
        #expect(header.idBase == 3)
        #expect(CandidateIndex.Layout.Packed([1, 255, 256] as [UInt32]).width == 2)
        #expect(CandidateIndex.Layout.Packed([UInt64.max].lazy.map { $0 }).width == 8)
        #expect(CandidateIndex.Layout.Packed([] as [UInt32]).width == 1)
    }

    /// Each lie a header can tell about a section, its checksum made right, and the words of
    /// the reason it is refused with.
    static let lies: [(name: String, reason: String, entry: Int, field: Int, change: @Sendable (UInt64) -> UInt64)] = [
        (
            "postings 9 bytes wide", "elements of 9 bytes", CandidateIndex.Layout.Section.postings.rawValue, 2,
            { _ in 9 }
        ),
        (
            "postings 0 bytes wide", "elements of 0 bytes", CandidateIndex.Layout.Section.postings.rawValue, 2,
            { _ in 0 }
        ),
        ("text 2 bytes wide", "elements of 2 bytes", CandidateIndex.Layout.Section.text.rawValue, 2, { _ in 2 }),
        ("ids a byte too long", "wrong size", CandidateIndex.Layout.Section.ids.rawValue, 1, { $0 + 1 }),
        (
            "the last section into the final 8 bytes", "past the end",
            CandidateIndex.Layout.Section.readingText.rawValue, 1, { $0 + 1 }
        ),
        (
            "a section far past the end", "past the end", CandidateIndex.Layout.Section.vocabularyText.rawValue, 0,
            { $0 + (1 << 40) }
        ),
    ]

    @Test(arguments: 0..<lies.count)
    func aHeaderThatLiesAboutASectionIsRefused(lie: Int) throws {
        let (name, reason, section, field, change) = Self.lies[lie]
        let index = try CandidateIndex(GeneratedEntries.dune, generation: 1)
        var bytes = withExtendedLifetime(index) { Array(index.storage.bytes) }
        let place = CandidateIndex.Layout.fixedHeaderSize + section * CandidateIndex.Layout.sectionEntrySize + field * 8
        let value = bytes[place..<(place + 8)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        withUnsafeBytes(of: change(value).littleEndian) { bytes.replaceSubrange(place..<(place + 8), with: $0) }
        let checked = CandidateIndex.Layout.headerSize - 8
        withUnsafeBytes(of: CandidateIndex.Layout.checksum(bytes.prefix(checked)).littleEndian) {
            bytes.replaceSubrange(checked..<(checked + 8), with: $0)
        }
        let storage = IndexBytes(copying: bytes)
        do {
            _ = try CandidateIndex.Header(of: storage.bytes)
            Issue.record("\(name): the header was read")
        } catch {
            #expect("\(error)".contains(reason), "\(name): \(error)")
        }
    }

    /// Version 2's postings are bare places, without the fields version 3 reads in them;
    /// version 3 has three sections more (each book's words), so every offset after them moves.
    @Test(arguments: [2, 3] as [UInt8])
    func aFileOfAFormerLayoutIsRefusedByItsVersion(version: UInt8) throws {
        let index = try CandidateIndex(GeneratedEntries.dune, generation: 1)
        var bytes = withExtendedLifetime(index) { Array(index.storage.bytes) }
        bytes[8] = version
        let storage = IndexBytes(copying: bytes)
        do {
            _ = try CandidateIndex.Header(of: storage.bytes)
            Issue.record("a version \(version) file was read")
        } catch {
            #expect("\(error)".contains("format version \(version), this Scout reads 4"), "\(error)")
        }
    }

    @Test func aFileThatCannotBeWrittenIsReportedAndTheIndexKeptInMemory() throws {
        try withTemporaryDirectory { directory in
            let reports = Mutex<[String]>([])
            let path = directory.appendingPathComponent("missing/y.search-index").path
            let file = SearchIndexFile(path: path) { message in reports.withLock { $0.append(message) } }
            let index = file.store(try CandidateIndex(GeneratedEntries.dune, generation: 1))
            #expect(!index.isMapped && index.count == 1)
            #expect(reports.withLock { $0 }.contains { $0.contains("could not be written") && $0.contains("errno 2") })
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(leftovers.isEmpty, "no temporary file left behind")
        }
    }

    @Test func theSectionExtentsCoverTheFileInOrder() throws {
        try withTemporaryDirectory { directory in
            let file = SearchIndexFile(path: directory.appendingPathComponent("z.search-index").path)
            _ = file.store(try CandidateIndex(GeneratedEntries.dune, generation: 1))
            let extents = try #require(file.sectionExtents())
            #expect(extents.map(\.name).first == "header" && extents.map(\.name).last == "readingText")
            #expect(extents.count == 1 + CandidateIndex.Layout.Section.allCases.count)
            for (before, after) in zip(extents, extents.dropFirst()) {
                #expect(before.bytes.upperBound <= after.bytes.lowerBound, "\(before.name) before \(after.name)")
            }
        }
    }
}

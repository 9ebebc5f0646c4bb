import Foundation
import ScoutTestSupport
import Testing

@testable import BookCatalog

/// The pure reading of one dump line: every record shape of the sample dump, and the lines a
/// hostile or damaged dump holds.
@Suite("Open Library dump lines", .timeLimit(.minutes(10)))
struct OpenLibraryLineTests {
    static func parse(_ line: String) -> Result<OpenLibraryRecord?, OpenLibraryLine.Refusal> {
        OpenLibraryLine.parse(Array(line.utf8))
    }

    static func lines(of text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    static func work(_ line: String) throws -> OpenLibraryWork {
        guard case .success(.work(let work)?) = parse(line) else { throw Failure(line: line) }
        return work
    }

    struct Failure: Error { let line: String }

    @Test("keys are read as kind and number and written back as they were")
    func keys() {
        #expect(OpenLibraryKey("/works/OL45883W") == OpenLibraryKey(kind: .work, number: 45883))
        #expect(OpenLibraryKey("/authors/OL1A")?.description == "/authors/OL1A")
        #expect(OpenLibraryKey("/books/OL7353617M")?.kind == .edition)
        for bad in ["/works/OL45883A", "/works/OLW", "/works/OL1234567890123W", "/works/OL12x4W", "works/OL1W", ""] {
            #expect(OpenLibraryKey(bad) == nil, "\(bad)")
        }
    }

    @Test("an author is its name; a redirect its location; a deletion its key; other types are nothing")
    func authorsRedirectsDeletions() {
        let lines = Self.lines(of: OpenLibrarySampleDump.authors)
        #expect(Self.parse(lines[0]) == .success(.author(OpenLibraryKey("/authors/OL1A")!, name: "Ursula K. Le Guin")))
        #expect(
            Self.parse(lines[3])
                == .success(.redirect(OpenLibraryKey("/authors/OL4A")!, location: OpenLibraryKey("/authors/OL1A")!)))
        #expect(Self.parse(lines[4]) == .failure(.init(reason: "The author has no name.")))
        #expect(Self.parse(lines[5]) == .success(.delete(OpenLibraryKey("/authors/OL6A")!)))
        #expect(Self.parse(lines[6]) == .success(nil))
    }

    @Test("a work: authors in either shape and any role, subjects, year, a real cover, a description either way")
    func works() throws {
        let lines = Self.lines(of: OpenLibrarySampleDump.works)
        let wizard = try Self.work(lines[0])
        #expect(wizard.title == "A Wizard of Earthsea")
        #expect(wizard.authors == [OpenLibraryKey("/authors/OL4A")!])
        #expect(wizard.subjects == ["Fantasy", "Wizards"])  // 7 and a blank subject dropped
        #expect(wizard.firstPublishYear == 1968)
        #expect(wizard.coverID == 8_231_856)  // -1 is no cover
        #expect(wizard.description == "Ged, the greatest sorcerer in all Earthsea.")
        let silmarillion = try Self.work(lines[1])
        #expect(silmarillion.authors.map(\.description) == ["/authors/OL2A", "/authors/OL3A"])  // the editor too
        #expect(silmarillion.firstPublishYear == 1977)
        #expect(silmarillion.coverID == nil)
        #expect(silmarillion.description == "The history of the Elder Days.")
        #expect(Self.parse(lines[2]) == .failure(.init(reason: "The work has no title.")))
        let leftHand = try Self.work(lines[3])
        #expect(leftHand.authors.map(\.description) == ["/authors/OL1A", "/authors/OL999A"])
        #expect(leftHand.firstPublishYear == 1969 && leftHand.coverID == nil)
        #expect(try Self.work(lines[6]).subtitle == "or There and Back Again")
        #expect(
            Self.parse(lines[7])
                == .failure(.init(reason: "The line has 4 columns, not 5 (type, key, revision, date, JSON).")))
        #expect(Self.parse(lines[8]) == .failure(.init(reason: "The JSON column is not a JSON object.")))
    }

    @Test("an edition: its works, the first valid ISBNs, languages, publishers, series, cover and year")
    func editions() throws {
        let lines = Self.lines(of: OpenLibrarySampleDump.editions)
        guard case .success(.edition(let bantam)?) = Self.parse(lines[0]) else { throw Failure(line: lines[0]) }
        #expect(bantam.works == [OpenLibraryKey("/works/OL10W")!])
        #expect(bantam.isbn13 == "9780553383044" && bantam.isbn10 == "0553383043")
        #expect(bantam.languages == ["eng"] && bantam.publishers == ["Bantam"] && bantam.series == ["Earthsea Cycle"])
        #expect(bantam.coverID == nil && bantam.publishYear == 2004)
        guard case .success(.edition(let poche)?) = Self.parse(lines[1]) else { throw Failure(line: lines[1]) }
        #expect(poche.isbn10 == "225306261X")
        guard case .success(.edition(let allen)?) = Self.parse(lines[2]) else { throw Failure(line: lines[2]) }
        #expect(allen.isbn13 == nil && allen.isbn10 == "0048231398" && allen.coverID == 5555)
        guard case .success(.edition(let orphan)?) = Self.parse(lines[3]) else { throw Failure(line: lines[3]) }
        #expect(orphan.works.isEmpty)
    }

    @Test(
        "hostile lines are refused with a reason, never a crash",
        arguments: [
            (
                "/type/work\t/authors/OL1A\t1\t2020\t{\"title\":\"x\"}",
                "The key column names another kind of record than the type column."
            ),
            (
                "/type/work\t/works/../etc\t1\t2020\t{\"title\":\"x\"}",
                "The key column is not an Open Library author, work or edition key."
            ),
            ("/type/work\t/works/OL1W\t1\t2020\t[\"title\"]", "The JSON column is not a JSON object."),
            ("/type/work\t/works/OL1W\t1\t2020\t", "The JSON column is not a JSON object."),
            (
                "/type/redirect\t/works/OL1W\t1\t2020\t{\"location\":\"/authors/OL1A\"}",
                "The redirect's location is not a key of the same kind."
            ),
            (
                "/type/work\t/works/OL1W\t1\t2020\t{\"title\":\"x\",\"a\":" + String(repeating: "[", count: 100_000)
                    + String(repeating: "]", count: 100_000) + "}", "The JSON nests deeper than 16 levels."
            ),
        ])
    func hostile(line: String, reason: String) {
        #expect(Self.parse(line) == .failure(.init(reason: reason)))
    }

    @Test("every text is cut to its field limit before it is kept")
    func limits() throws {
        let huge = String(repeating: "é", count: 100_000)
        let subjects = (0..<500).map { "\"s\($0)\"" }.joined(separator: ",")
        let line =
            "/type/work\t/works/OL1W\t1\t2020\t{\"title\":\"\(huge)\",\"description\":\"\(huge)\",\"subjects\":[\(subjects)]}"
        let work = try Self.work(line)
        #expect(work.title.utf8.count <= FieldLimits.title.bytes)
        #expect(work.description?.utf8.count ?? 0 <= FieldLimits.description.bytes)
        #expect(work.subjects.count == FieldLimits.tags.count)
    }

    @Test(
        "years are the first four-digit run of a date",
        arguments: [
            ("1954", 1954), ("July 29, 1954", 1954), ("c1954", 1954), ("1954-07-29", 1954), ("[1954?]", 1954),
            ("May 5", nil), ("19540", nil), ("9999", nil), ("", nil),
        ] as [(String, Int?)])
    func years(date: String, year: Int?) {
        #expect(OpenLibraryLine.year(in: date) == year)
    }

    @Test("JSON nesting is measured outside strings")
    func nesting() {
        #expect(JSONNesting.isWithin(Array(#"{"a":[1,{"b":"[[[[]"}]}"#.utf8)[...], depth: 3))
        #expect(!JSONNesting.isWithin(Array(#"{"a":[[[1]]]}"#.utf8)[...], depth: 3))
        #expect(JSONNesting.isWithin(Array(#"{"a":"\"[[[["}"#.utf8)[...], depth: 1))
    }
}

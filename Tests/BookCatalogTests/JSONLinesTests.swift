import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct JSONLinesTests {
    private static let badLines = [
        #"{"source":"m","sourceID":"dune","title":"Dune","authors":["Frank Herbert"],"year":1965}"#,
        "not json at all",  // line 2
        "",  // line 3: blank, ignored
        #"{"source":"m","sourceID":"nameless","authors":["Nobody"]}"#,  // line 4: no title
        #"{"source":"m","sourceID":"blank","title":"  "}"#,  // line 5: empty title
        #"{"source":"m","sourceID":"messiah","title":"Dune Messiah","seriesName":"Dune","seriesNumber":2}"#,
        #"{"source":"m","sourceID":"odd","title":"Odd","year":"soon"}"#,  // line 7: wrong type
        #"["source","m"]"#,  // line 8: not an object
    ].joined(separator: "\r\n")

    @Test func exportThenImportIntoAFreshStoreGivesEqualBooks() async throws {
        try await withTemporaryDirectory(prefix: "scout-jsonl") { directory in
            let file = directory.appendingPathComponent("books.jsonl")
            let exported = try await withTemporaryStore { store in
                _ = try await store.upsert(SampleBooks.all)
                #expect(try await JSONLinesExporter(store: store).export(to: file) == SampleBooks.all.count)
                return try await store.allBooks()
            }
            try await withTemporaryStore { store in
                let summary = try await JSONLinesImporter(store: store, batchSize: 2).importBooks(from: file)
                #expect(summary.imported == SampleBooks.all.count && summary.skipped.isEmpty)
                #expect(try await store.allBooks() == exported)
                let again = try await JSONLinesExporter(store: store).data()
                #expect(again == (try Data(contentsOf: file)))
            }
        }
    }

    @Test func exportedLinesHaveSortedKeysAndNoID() async throws {
        try await withTemporaryStore { store in
            _ = try await store.upsert([Book(source: "m", sourceID: "dune", title: "Dune", authors: ["Frank Herbert"])])
            let text = String(decoding: try await JSONLinesExporter(store: store).data(), as: UTF8.self)
            let line = #"{"authors":["Frank Herbert"],"source":"m","sourceID":"dune","tags":[],"title":"Dune"}"#
            #expect(text == line + "\n")
        }
    }

    /// Every membership goes out in `series`, the first in `seriesName` and `seriesNumber` too
    /// (for readers of the single-series shape), and comes back whole.
    @Test func everySeriesMembershipGoesOutAndComesBack() async throws {
        let books = [
            Book(
                source: "m", sourceID: "mort", title: "Mort",
                series: [SeriesMembership(name: "Death", number: 1), SeriesMembership(name: "Discworld", number: 4)]),
            Book(
                source: "m", sourceID: "box", title: "Boxset",
                series: [SeriesMembership(name: "Harry Potter", number: 1, lastNumber: 7)]),
            Book(
                source: "m", sourceID: "phoenix", title: "Order of the Phoenix",
                series: [SeriesMembership(name: "Harry Potter", number: 5, part: "Part 1")]),
        ]
        let data = try await withTemporaryStore { store in
            _ = try await store.upsert(books)
            return try await JSONLinesExporter(store: store).data()
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == #"{"authors":[],"series":[{"name":"Death","number":1},{"name":"Discworld","number":4}],"#
                + #""seriesName":"Death","seriesNumber":1,"source":"m","sourceID":"mort","tags":[],"title":"Mort"}"#)
        try await withTemporaryStore { store in
            let summary = try await JSONLinesImporter(store: store).importBooks(from: data)
            #expect(summary.imported == 3 && summary.skipped.isEmpty)
            #expect(try await store.allBooks().map(\.series) == books.map(\.series))
        }
    }

    /// Alternate titles go out (left out for a book with none) and come back whole.
    @Test func alternateTitlesGoOutAndComeBack() async throws {
        let books = [
            Book(
                source: "m", sourceID: "prince", title: "The Little Prince",
                alternateTitles: ["Le Petit Prince", "Der kleine Prinz"]),
            Book(source: "m", sourceID: "dune", title: "Dune"),
        ]
        let data = try await withTemporaryStore { store in
            _ = try await store.upsert(books)
            return try await JSONLinesExporter(store: store).data()
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"alternateTitles":["Le Petit Prince","Der kleine Prinz"],"authors":[],"source":"m","#
                    + #""sourceID":"prince","tags":[],"title":"The Little Prince"}"#,
                #"{"authors":[],"source":"m","sourceID":"dune","tags":[],"title":"Dune"}"#,
            ])
        try await withTemporaryStore { store in
            let summary = try await JSONLinesImporter(store: store).importBooks(from: data)
            #expect(summary.imported == 2 && summary.skipped.isEmpty)
            #expect(try await store.allBooks().map(\.alternateTitles) == books.map(\.alternateTitles))
        }
    }

    /// A bad alternate title costs only itself: entries that are not strings, blanks, repeats of
    /// the title or of one another are dropped, a value that is no array is ignored, each is
    /// cut to its ``FieldLimits`` and a book keeps at most 8 (both counted); the book itself is
    /// imported.
    @Test func alternateTitlesAreReadLeniently() async throws {
        let limit = FieldLimits.alternateTitles
        let long = String(repeating: "x", count: limit.bytes + 100)
        let many = (1...12).map { #""Other \#($0)""# }.joined(separator: ",")
        let lines = [
            #"{"source":"m","sourceID":"1","title":"The Little Prince","alternateTitles":"#
                + #"["Le Petit Prince",7,null,{"a":[1]},["x"],"  ","the little prince","LE PETIT PRINCE!",true,"#
                + #""\#(long)"]}"#,
            #"{"source":"m","sourceID":"2","title":"Dune","alternateTitles":"Arrakis"}"#,
            #"{"source":"m","sourceID":"3","title":"Solaris","alternateTitles":null}"#,
            #"{"source":"m","sourceID":"4","title":"Many","alternateTitles":[\#(many)]}"#,
        ].joined(separator: "\n")
        try await withTemporaryStore { store in
            let summary = try await JSONLinesImporter(store: store).importBooks(from: Data(lines.utf8))
            #expect(summary.imported == 4 && summary.skipped.isEmpty)
            #expect(summary.truncatedFields == 2)
            let books = try await store.allBooks()
            #expect(books.map(\.alternateTitles.count) == [2, 0, 0, limit.count])
            #expect(books[0].alternateTitles == ["Le Petit Prince", String(repeating: "x", count: limit.bytes)])
            #expect(books[3].alternateTitles.last == "Other 8")
        }
    }

    @Test func importingTwiceChangesNothing() async throws {
        try await withTemporaryStore { store in
            let data = Data(Self.badLines.utf8)
            let importer = JSONLinesImporter(store: store)
            let first = try await importer.importBooks(from: data)
            #expect(first.imported == 2 && first.updated == 0 && first.unchanged == 0)
            let again = try await importer.importBooks(from: data)
            #expect(again.imported == 0 && again.updated == 0 && again.unchanged == 2)
            #expect(try await store.count() == 2)
        }
    }

    @Test func badLinesAreReportedByLineNumberAndSkipped() async throws {
        try await withTemporaryStore { store in
            let summary = try await JSONLinesImporter(store: store).importBooks(from: Data(Self.badLines.utf8))
            #expect(summary.skipped.map(\.line) == [2, 4, 5, 7, 8])
            #expect(
                summary.skipped.map(\.reason) == [
                    "The line is not valid JSON.", "The field title is missing.", "The field title is empty.",
                    "The field year has the wrong type.", "The line is not a JSON object.",
                ])
            let messiah = try #require(try await store.search("messiah", limit: 1).first)
            #expect(messiah.seriesName == "Dune" && messiah.seriesNumber == 2 && messiah.authors.isEmpty)
        }
    }

    @Test func aMissingFileIsReportedAndAnUnwritableOneToo() async throws {
        try await withTemporaryStore { store in
            let missing = URL(fileURLWithPath: "/nonexistent/scout/books.jsonl")
            await #expect(throws: BookCatalogError.self) {
                try await JSONLinesImporter(store: store).importBooks(from: missing)
            }
            await #expect(throws: BookCatalogError.self) {
                try await JSONLinesExporter(store: store).export(to: missing)
            }
        }
    }
}

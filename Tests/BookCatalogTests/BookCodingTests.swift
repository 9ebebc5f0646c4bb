import BookCatalog
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct BookCodingTests {
    /// `scout books search --json` prints books: every membership in `series`, the first in
    /// `seriesName` and `seriesNumber` as before.
    @Test func aBookIsWrittenWithEveryMembershipAndTheFirstAsBefore() throws {
        let mort = Book(
            id: 7, source: "m", sourceID: "mort", title: "Mort",
            series: [SeriesMembership(name: "Death", number: 1), SeriesMembership(name: "Discworld", number: 4)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(mort), as: UTF8.self)
        #expect(
            json
                == #"{"alternateTitles":[],"authors":[],"id":7,"#
                + #""series":[{"name":"Death","number":1},{"name":"Discworld","number":4}],"#
                + #""seriesName":"Death","seriesNumber":1,"source":"m","sourceID":"mort","tags":[],"title":"Mort"}"#)
        #expect(try JSONDecoder().decode(Book.self, from: Data(json.utf8)) == mort)
    }

    @Test func aBookWrittenWithOneSeriesReadsAsOneMembership() throws {
        let json =
            #"{"authors":[],"id":1,"seriesName":"Dune","seriesNumber":2,"source":"m","sourceID":"2","tags":[],"title":"Dune Messiah"}"#
        let book = try JSONDecoder().decode(Book.self, from: Data(json.utf8))
        #expect(book.series == [SeriesMembership(name: "Dune", number: 2)])
    }

    /// Alternate titles go out always (empty or not) and come back; a book written before
    /// there were any reads with none.
    @Test func alternateTitlesAreWrittenAndABookWithoutThemReadsWithNone() throws {
        let prince = Book(
            id: 3, source: "m", sourceID: "p", title: "The Little Prince", alternateTitles: ["Le Petit Prince"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(prince), as: UTF8.self)
        #expect(json.hasPrefix(#"{"alternateTitles":["Le Petit Prince"],"authors":[]"#))
        #expect(try JSONDecoder().decode(Book.self, from: Data(json.utf8)) == prince)
        let old = #"{"authors":[],"id":1,"source":"m","sourceID":"2","tags":[],"title":"Dune"}"#
        #expect(try JSONDecoder().decode(Book.self, from: Data(old.utf8)).alternateTitles == [])
    }

    /// The single-series properties read and write the first membership.
    @Test func seriesNameAndNumberAreTheFirstMemberships() {
        var book = Book(
            source: "m", sourceID: "box", title: "Boxset",
            series: [SeriesMembership(name: "Harry Potter", number: 1, lastNumber: 7), SeriesMembership(name: "Other")])
        #expect(book.seriesName == "Harry Potter" && book.seriesNumber == 1)
        book.seriesNumber = 3
        #expect(book.series == [SeriesMembership(name: "Harry Potter", number: 3), SeriesMembership(name: "Other")])
        book.seriesName = "Wizarding World"
        #expect(book.series.map(\.name) == ["Wizarding World", "Other"])
        book.seriesName = nil
        #expect(book.series.isEmpty && book.seriesNumber == nil)
        book.seriesNumber = 2
        #expect(book.series.isEmpty)
        #expect(Book(source: "m", sourceID: "n", title: "N", seriesNumber: 4).series.isEmpty)
    }
}

import BookCatalog
import Foundation
import Testing

@Suite(.timeLimit(.minutes(10))) struct BookMatcherTests {
    static let starter = Book(
        source: "scout-starter", sourceID: "the-hunger-games-collins", title: "The Hunger Games",
        seriesName: "The Hunger Games", seriesNumber: 1, authors: ["Suzanne Collins"], year: 2008, language: "eng",
        tags: ["young adult", "dystopia", "science fiction"])
    static let goodbooks = Book(
        source: "goodbooks", sourceID: "2767052", title: "The Hunger Games", seriesName: "The Hunger Games",
        seriesNumber: 1, authors: ["Suzanne Collins"], year: 2008, isbn10: "0439023483", isbn13: "9780439023481",
        language: "eng", averageRating: 4.34, ratingsCount: 4_780_653,
        coverURL: URL(string: "https://images.gr-assets.com/books/1447303603m/2767052.jpg"),
        sourceURL: URL(string: "https://www.goodreads.com/book/show/2767052"))

    @Test func theRicherValueOfEachFieldWinsAndMergingAgainChangesNothing() {
        let merged = Self.starter.merged(with: Self.goodbooks)
        #expect(merged.source == "scout-starter" && merged.title == "The Hunger Games")
        #expect(merged.tags == Self.starter.tags)
        #expect(merged.ratingsCount == 4_780_653 && merged.averageRating == 4.34)
        #expect(merged.isbn13 == "9780439023481" && merged.coverURL == Self.goodbooks.coverURL)
        #expect(merged.merged(with: Self.goodbooks) == merged)
        #expect(merged.merged(with: Self.starter) == merged)
        var longer = Self.goodbooks
        (longer.description, longer.authors, longer.ratingsCount) = ("Longer.", ["A", "B"], 10)
        let again = merged.merged(with: longer)
        #expect(again.description == "Longer." && again.authors == ["A", "B"] && again.ratingsCount == 4_780_653)
    }

    @Test func goodbooksGoodreadsExportsAndGoodreadsPagesShareAKey() {
        let alias = BookKey(source: BookIdentity.goodreadsSource, sourceID: "2767052")
        let export = Book(source: "goodreads", sourceID: "2767052", title: "The Hunger Games")
        let page = Book(
            source: "crawl", sourceID: "https://www.goodreads.com/book/show/2767052.The_Hunger_Games",
            title: "The Hunger Games")
        let elsewhere = Book(source: "crawl", sourceID: "https://books.example/show/2767052", title: "x")
        #expect(BookIdentity.keys(of: Self.goodbooks) == [BookKey(Self.goodbooks), alias])
        #expect(BookIdentity.keys(of: export) == [BookKey(export), alias])
        #expect(BookIdentity.keys(of: page) == [BookKey(page), alias])
        #expect(BookIdentity.keys(of: elsewhere) == [BookKey(elsewhere)])
    }

    @Test func matchKeysFoldAsSearchDoesAndNeedAnAuthor() {
        let key = BookIdentity.matchKey(title: "Les Misérables", authors: ["Victor Hugo"])
        #expect(key != nil)
        #expect(BookIdentity.matchKey(title: "LES MISERABLES!", authors: ["victor  hugo", "x"]) == key)
        #expect(BookIdentity.matchKey(title: "Les Misérables", authors: ["Victor Hugo Jr"]) != key)
        #expect(BookIdentity.matchKey(title: "Les Misérables", authors: []) == nil)
        #expect(BookIdentity.matchKey(title: "!!!", authors: ["Victor Hugo"]) == nil)
    }

    @Test func aBooksOwnKeyIsItsTitlesAndItsLookupsLeaveTheTitlesHeadOut() {
        let hobbit = Book(
            source: "m", sourceID: "1", title: "The Hobbit: or There and Back Again",
            alternateTitles: ["The Hobbit", "Bilbo le Hobbit", "The hobbit!"], authors: ["J.R.R. Tolkien"])
        let keys = BookMatchKeys(of: hobbit)
        #expect(keys.own == BookIdentity.matchKey(of: hobbit))
        #expect(keys.lookups == [keys.own, BookIdentity.matchKey(title: "Bilbo le Hobbit", authors: hobbit.authors)])
        #expect(BookIdentity.matchKeys(of: hobbit) == keys.lookups)
        // A title without words has no key of its own; an alternate title still finds the book.
        let untitled = Book(source: "m", sourceID: "2", title: "!!!", alternateTitles: ["Dune"], authors: ["F. H."])
        #expect(BookMatchKeys(of: untitled).own == nil)
        #expect(BookMatchKeys(of: untitled).lookups == [BookIdentity.matchKey(title: "Dune", authors: ["F. H."])])
    }

    @Test func keysFoldedAheadLeaveEveryEntryAsFoldingThemHereDoes() {
        var noAuthor = Self.goodbooks
        (noAuthor.sourceID, noAuthor.authors, noAuthor.isbn10, noAuthor.isbn13) = ("7", [], nil, nil)
        let export = Book(source: "goodreads", sourceID: "2767052", title: "Hunger Games, The")
        let other = Book(source: "other", sourceID: "1", title: "Mockingjay", authors: ["Suzanne Collins"])
        var retitled = other
        retitled.title = "Mockingjay (The Hunger Games, #3)"
        // New books, a merge that keeps the stored title, a source retitling its own record, a
        // book without an author, and a record matched by the alternate title it gave before.
        let records = [Self.starter, Self.goodbooks, export, other, retitled, noAuthor, export, Self.starter]
        let stored = [(Self.goodbooks.withID(4), [BookKey(Self.goodbooks)])]
        for stored in [[], stored] {
            var folding = BookMatcher(stored: stored)
            var ahead = BookMatcher(stored: stored)
            // Record by record, so a key one record leaves wrong cannot be set right by the next.
            for record in records {
                let here = folding.add([record])
                #expect(ahead.add([record], matchKeys: [BookMatchKeys(of: record)]) == here)
                #expect(ahead.entries == folding.entries, "after \(record.title)")
                #expect(ahead.entries.allSatisfy { $0.matchKey == BookIdentity.matchKey(of: $0.book) })
            }
            #expect(Set(ahead.entries.map(\.book.title)).contains(retitled.title))
        }
    }

    @Test func aRecordMatchesByKeyThenISBNThenTitleAndAuthor() {
        var matcher = BookMatcher(stored: [(Self.starter.withID(1), [BookKey(Self.starter)])])
        #expect(matcher.add(Self.goodbooks) == (0, .updated))
        #expect(matcher.entries[0].newKeys.map(\.source) == ["goodbooks", BookIdentity.goodreadsSource])
        let export = Book(source: "goodreads", sourceID: "2767052", title: "Hunger Games, The")
        // Another record's title joins the book's alternate titles, so it finds the book too.
        #expect(matcher.add(export) == (0, .updated))
        var byISBN = Book(source: "other", sourceID: "1", title: "Die Tribute von Panem")
        byISBN.isbn10 = "0439023483"
        #expect(matcher.add(byISBN) == (0, .updated))
        #expect(matcher.entries[0].book.alternateTitles.suffix(2) == ["Hunger Games, The", "Die Tribute von Panem"])
        #expect(matcher.add(byISBN) == (0, .unchanged))
        #expect(matcher.entries.count == 1 && matcher.entries[0].id == 1)
        // Another book of the same source with the same title and author is another book.
        var sameSource = Self.goodbooks
        (sameSource.sourceID, sameSource.isbn10, sameSource.isbn13, sameSource.sourceURL) = ("9", nil, nil, nil)
        #expect(matcher.add(sameSource) == (1, .inserted))
    }

    @Test func anOriginalTitleAndYearsAFewApartMatchOneWork() {
        let philosophers = Book(
            source: "scout-starter", sourceID: "hp1", title: "Harry Potter and the Philosopher's Stone",
            alternateTitles: ["Harry Potter and the Sorcerer's Stone"], authors: ["J.K. Rowling"], year: 1997)
        let sorcerers = Book(
            source: "goodbooks", sourceID: "3", title: "Harry Potter and the Sorcerer's Stone",
            alternateTitles: ["Harry Potter and the Philosopher's Stone"], authors: ["J.K. Rowling", "Mary GrandPré"],
            year: 1997)
        let littlePrince = Book(
            source: "scout-starter", sourceID: "lp", title: "The Little Prince", authors: ["Antoine de Saint-Exupéry"],
            year: 1943)
        var matcher = BookMatcher(stored: [
            (philosophers.withID(1), [BookKey(philosophers)]), (littlePrince.withID(2), [BookKey(littlePrince)]),
        ])
        #expect(matcher.add(sorcerers) == (0, .updated))
        var translated = littlePrince
        (translated.source, translated.sourceID, translated.year) = ("goodbooks", "157993", 1946)
        #expect(matcher.add(translated).entry == 1)
        // Decades apart is another book of the same name.
        var remake = littlePrince
        (remake.source, remake.sourceID, remake.year) = ("goodbooks", "1", 1990)
        #expect(matcher.add(remake) == (2, .inserted))
        // A title's own head ("The Lord of the Rings" of "…: The Fellowship of the Ring") is no
        // original title: the volume is not the whole work.
        let whole = Book(
            source: "a", sourceID: "lotr", title: "The Lord of the Rings", authors: ["J.R.R. Tolkien"], year: 1955)
        let volume = Book(
            source: "b", sourceID: "fotr", title: "The Lord of the Rings: The Fellowship of the Ring",
            alternateTitles: ["The Lord of the Rings"], authors: ["J.R.R. Tolkien"], year: 1954)
        var tolkien = BookMatcher(stored: [(whole.withID(1), [BookKey(whole)])])
        #expect(tolkien.add(volume) == (1, .inserted))
    }

    @Test func aSourceReplacesItsOwnRecordButNotWhatAnotherGave() {
        var matcher = BookMatcher()
        #expect(matcher.add(Self.goodbooks) == (0, .inserted))
        var corrected = Self.goodbooks
        corrected.coverURL = nil
        #expect(matcher.add(corrected) == (0, .updated))
        #expect(matcher.entries[0].book.coverURL == nil)
        #expect(matcher.add(Self.starter) == (0, .updated))  // now two sources: merges only
        #expect(matcher.add(Self.goodbooks) == (0, .updated))
        #expect(matcher.add(corrected) == (0, .unchanged))
        #expect(matcher.entries[0].book.coverURL == Self.goodbooks.coverURL)
    }

    @Test func duplicateGroupsMergeIntoTheEarliestBook() {
        let books = [Self.starter.withID(1), Self.goodbooks.withID(2)]
        let groups = DuplicateGroup.groups(among: books, keys: [:])
        #expect(groups.map(\.duplicates) == [[2]])
        #expect(groups.first?.book == Self.starter.merged(with: Self.goodbooks).withID(1))
        #expect(DuplicateGroup.groups(among: [Self.starter.withID(1)], keys: [:]).isEmpty)
    }

    @Test func theRelationBuilderNeverRelatesABookToItselfOrTwiceInOneWay() {
        let book = Self.starter.withID(1)
        var next = Self.starter.withID(2)
        (next.title, next.seriesNumber, next.sourceURL) = ("Catching Fire", 2, URL(string: "https://x.example/2"))
        // The same book listed twice, and a page listing itself.
        let relations = RelationBuilder().relations(
            among: [book, next, book], links: [OutgoingLink(from: 2, to: URL(string: "https://x.example/2")!)])
        #expect(!relations.isEmpty)
        #expect(relations.allSatisfy { $0.from != $0.to })
        #expect(Set(relations.map { "\($0.from) \($0.to) \($0.kind)" }).count == relations.count)
    }
}

extension Book {
    fileprivate func withID(_ id: Int64) -> Book {
        var copy = self
        copy.id = id
        return copy
    }
}

import BookCatalog
import BookStorage
import Foundation
import HTTPServer
import SQLite
import ScoutTestSupport
import Testing

/// `scout books` as a process, on a catalog in a temporary directory.
@Suite("scout books", .timeLimit(.minutes(10)))
struct BooksCommandTests {
    static let header =
        "book_id,goodreads_book_id,best_book_id,work_id,books_count,isbn,isbn13,authors,original_publication_year,"
        + "original_title,title,language_code,average_rating,ratings_count,work_ratings_count,"
        + "work_text_reviews_count,ratings_1,ratings_2,ratings_3,ratings_4,ratings_5,image_url,small_image_url"

    static let csv = """
        \(header)
        1,2767052,2767052,2792775,272,439023483,9.78043902348e+12,Suzanne Collins,2008.0,The Hunger Games,"The Hunger Games (The Hunger Games, #1)",eng,4.34,4780653,4942365,155254,66715,127936,560092,1481305,2706317,https://images.gr-assets.com/books/1447303603m/2767052.jpg,https://images.gr-assets.com/books/1447303603s/2767052.jpg
        2,6148028,6148028,6171458,201,439023491,9.78043902349e+12,Suzanne Collins,2009.0,Catching Fire,"Catching Fire (The Hunger Games, #2)",eng,4.3,1831039,1988079,88538,10492,48030,262010,687238,980059,https://images.gr-assets.com/books/1358273780m/6148028.jpg,https://images.gr-assets.com/books/1358273780s/6148028.jpg
        3,1,1,1,1,,,Victor Hugo,1862.0,Les Misérables,Les Misérables,fre,4.15,600000,650000,10000,1,2,3,4,5,,
        4,2,2,2,1,,,Nobody,notayear,,,eng,x,y,0,0,0,0,0,0,0,,

        """

    private func scout(_ arguments: [String], database: URL) async throws -> ScoutExecutable.Result {
        try await ScoutExecutable.run(["books"] + arguments + ["--database", database.path])
    }

    @Test("import reports skipped rows by line; importing again adds nothing; search and stats work")
    func importAndSearch() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appending(path: "books.csv")
            try Self.csv.write(to: file, atomically: true, encoding: .utf8)
            let database = directory.appending(path: "catalog/books.sqlite")

            let first = try await scout(["import", "goodbooks", file.path], database: database)
            #expect(first.exitCode == 0, "\(first.standardError)")
            #expect(first.standardOutput.hasPrefix("books.csv: 3 new, 0 updated, 0 unchanged books, 1 skipped in "))
            #expect(first.standardError.hasPrefix("books.csv line 5: "))
            #expect(
                FileManager.default.fileExists(atPath: database.path + ".search-index"),
                "the import writes the search index file beside the catalog, for the next scout serve")

            let second = try await scout(["import", "goodbooks", file.path], database: database)
            #expect(second.standardOutput.hasPrefix("books.csv: 0 new, 0 updated, 3 unchanged books, 1 skipped in "))

            let stats = try await scout(["stats"], database: database)
            #expect(stats.standardOutput.hasPrefix("3 books in "))

            let search = try await scout(["search", "les miser"], database: database)
            #expect(search.standardOutput.hasPrefix("Les Misérables (1862) — Victor Hugo"))
            let hunger = try await scout(["search", "--json", "hunger"], database: database)
            let lines = hunger.standardOutput.split(separator: "\n")
            #expect(lines.count == 2)  // and "Catching Fire", by its series' name
            let top = try JSONDecoder().decode(JSONValue.self, from: Data(lines[0].utf8))
            #expect(top["title"] == "The Hunger Games")
            #expect(top["seriesName"] == "The Hunger Games")
            #expect(top["alternateTitles"] == [])  // its original_title is its title
            let related = try await scout(["related", "hunger games"], database: database)
            #expect(
                related.standardOutput
                    == "The Hunger Games — Suzanne Collins\n  Catching Fire  (same series: The Hunger Games #2)\n")
            let map = try await scout(["related", "--json", "--kind", "sameSeries", "catching"], database: database)
            let line = try JSONDecoder().decode(JSONValue.self, from: Data(map.standardOutput.utf8))
            #expect(line["source"] == "Catching Fire")
            #expect(line["reltype"] == "same series")
            #expect(line["target"] == "The Hunger Games")
            let exported = directory.appending(path: "export/books.jsonl")
            try FileManager.default.createDirectory(
                at: exported.deletingLastPathComponent(), withIntermediateDirectories: true)
            let export = try await scout(["export", exported.path], database: database)
            #expect(export.standardOutput.hasPrefix("Exported 3 books to "))
            let copy = directory.appending(path: "copy.sqlite")
            let reimport = try await scout(["import", "jsonl", exported.path], database: copy)
            // The export is a backup: each book's Goodreads-number key and both relations come back.
            #expect(
                reimport.standardOutput.hasPrefix(
                    "JSON Lines: 3 new, 0 updated, 0 unchanged books, 5 keys, readings, links and relations stored, "
                        + "0 skipped in "))
            #expect(reimport.standardOutput.hasSuffix("\nRestored 2 relations from the backup.\n"))
            let nothing = try await scout(["search", "zzzz"], database: database)
            #expect(nothing.standardOutput == "No books match “zzzz”.\n")
        }
    }

    @Test("a book found by its original title says so; series names and joined words find books")
    func searchForms() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appending(path: "books.jsonl")
            try """
            {"source":"a","sourceID":"1","title":"The Little Prince","alternateTitles":["Le Petit Prince"],"authors":["Antoine de Saint-Exupéry"],"year":1943}
            {"source":"a","sourceID":"2","title":"Mort","series":[{"name":"Discworld","number":4}],"authors":["Terry Pratchett"]}
            {"source":"a","sourceID":"3","title":"Ender's Game","authors":["Orson Scott Card"]}

            """.write(to: file, atomically: true, encoding: .utf8)
            let database = directory.appending(path: "books.sqlite")
            _ = try await scout(["import", "jsonl", file.path], database: database)
            let prince = try await scout(["search", "petit prince"], database: database)
            #expect(prince.standardOutput.hasPrefix("The Little Prince [original title: Le Petit Prince] (1943)"))
            let little = try await scout(["search", "little prince"], database: database)
            #expect(little.standardOutput.hasPrefix("The Little Prince (1943)"))
            #expect(try await scout(["search", "discworld"], database: database).standardOutput.hasPrefix("Mort — "))
            #expect(
                try await scout(["search", "enders game"], database: database).standardOutput.hasPrefix("Ender's Game"))
        }
    }

    @Test("dedupe merges the books a catalog holds twice, once, and says what it merged")
    func dedupe() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appending(path: "books.jsonl")
            try """
            {"source":"a","sourceID":"1","title":"Dune","authors":["Frank Herbert"],"year":1965}
            {"source":"b","sourceID":"1","title":"Dune (40th Anniversary)","authors":["Frank Herbert"],"ratingsCount":9}
            {"source":"a","sourceID":"2","title":"Children of Dune","authors":["Frank Herbert"],"year":1976}

            """.write(to: file, atomically: true, encoding: .utf8)
            let database = directory.appending(path: "books.sqlite")
            let imported = try await scout(["import", "jsonl", file.path], database: database)
            #expect(imported.standardOutput.hasPrefix("JSON Lines: 3 new, 0 updated, 0 unchanged books"))
            // As a catalog from before imports matched would: one book twice, here by its ISBN.
            try await Database(path: database.path).execute(
                "UPDATE books SET isbn13 = '9780441172719' WHERE source_id = '1'")

            let merged = try await scout(["dedupe"], database: database)
            #expect(merged.exitCode == 0, "\(merged.standardError)")
            #expect(
                merged.standardOutput.hasPrefix(
                    "  Dune — Frank Herbert (1965): 2 records\nMerged 1 duplicate book into 1 book; rebuilt "))
            #expect(try await scout(["stats"], database: database).standardOutput.hasPrefix("2 books in "))
            let related = try await scout(["related", "children of dune"], database: database)
            #expect(
                related.standardOutput == "Children of Dune — Frank Herbert\n  Dune  (same author: Frank Herbert)\n")
            let again = try await scout(["dedupe"], database: database)
            #expect(again.standardOutput.hasPrefix("No duplicate books in "))
        }
    }

    /// A catalog in `directory` as written before readings existed (by a store given no
    /// analyzer): 人間失格 and Dune.
    static func catalogWithoutReadings(in directory: URL) async throws -> URL {
        let database = directory.appending(path: "books.sqlite")
        _ = try await SQLiteBookStore(path: database.path).upsert([
            Book(source: "a", sourceID: "1", title: "人間失格", authors: ["太宰治"], year: 1948),
            Book(source: "a", sourceID: "2", title: "Dune", authors: ["Frank Herbert"], year: 1965),
        ])
        return database
    }

    @Test("reread gives books stored without readings the readings of their Japanese texts, once")
    func reread() async throws {
        try await withTemporaryDirectory { directory in
            let database = try await Self.catalogWithoutReadings(in: directory)
            #expect(
                try await scout(["search", "ningen shikkaku"], database: database).standardOutput.hasPrefix("No books"))

            let reread = try await scout(["reread"], database: database)
            #expect(reread.exitCode == 0, "\(reread.standardError)")
            #expect(reread.standardOutput.hasPrefix("Read the Japanese titles and names of 1 book in "))
            #expect(
                try await scout(["search", "ningen shikkaku"], database: database).standardOutput.hasPrefix("人間失格"))
            #expect(try await scout(["search", "にんげんし"], database: database).standardOutput.hasPrefix("人間失格"))
            let again = try await scout(["reread"], database: database)
            #expect(again.standardOutput.hasPrefix("Every Japanese title and name in "))
        }
    }

    @Test("a MeCab dictionary folder that cannot be opened is named with the variable it came from")
    func badDictionary() async throws {
        try await withTemporaryDirectory { directory in
            let database = try await Self.catalogWithoutReadings(in: directory)
            let result = try await ScoutExecutable.run(
                ["books", "reread", "--database", database.path],
                environment: ["SCOUT_MECAB_DICTIONARY": directory.appending(path: "no-dictionary").path])
            #expect(result.exitCode == 1)
            #expect(result.standardError.contains("MeCab could not open a dictionary at "))
            #expect(result.standardError.contains("SCOUT_MECAB_DICTIONARY"))
        }
    }

    @Test("a file that is not books.csv says which columns it lacks")
    func wrongFile() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appending(path: "tags.csv")
            try "tag_id,tag_name\n1,fantasy\n".write(to: file, atomically: true, encoding: .utf8)
            let result = try await scout(
                ["import", "goodbooks", file.path], database: directory.appending(path: "b.sqlite"))
            #expect(result.exitCode == 1)
            #expect(result.standardError.hasPrefix("scout: The CSV header lacks the columns goodreads_book_id, title"))
            #expect(result.standardError.contains("Check that it is the right file."))
        }
    }

    @Test(
        "mistakes are usage errors; a missing file is a sentence and exit 1",
        arguments: [
            (["books"], 64), (["books", "frobnicate"], 64), (["books", "import", "csv", "x"], 64),
            (["books", "search"], 64), (["books", "search", "x", "--limit", "0"], 64), (["books", "related"], 64),
            (["books", "related", "x", "--kind", "nope"], 64), (["books", "relate", "now"], 64),
            (["books", "dedupe", "all"], 64),
            (["books", "export"], 64), (["books", "import", "jsonl"], 64),
            (["books", "import", "goodbooks", "b.csv", "--tags", "t.csv"], 64),
            (["books", "import", "jsonl", "b.jsonl", "--ratings", "r.csv"], 64),
            (["books", "import", "goodreads-export", "e.csv", "--reader", "a b"], 64),
            (["books", "import", "goodbooks", "b.csv", "--reader", "ada"], 64),
            (["books", "import", "goodbooks", "/nonexistent/books.csv", "--database", "/tmp/scout-test-x.sqlite"], 1),
        ])
    func mistakes(arguments: [String], exitCode: Int) async throws {
        let result = try await ScoutExecutable.run(arguments, environment: ["HOME": NSTemporaryDirectory()])
        #expect(Int(result.exitCode) == exitCode)
        #expect(result.standardError.hasPrefix("scout: "))
    }
}

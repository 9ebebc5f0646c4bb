import Foundation

/// A small Open Library dump written by hand in the real format — type, key, revision, last
/// modified and the record's JSON, tab-separated — split as Open Library publishes it (authors,
/// works, editions), with the awkward records the real dumps hold: a merged (redirected) author
/// and work, a deleted work, author roles in both shapes, an author nobody names, covers of -1,
/// a description as a typed text, a work without a title, works without editions, an edition of
/// no work, an edition of a redirected work, bad ISBNs, a line of 3 columns, bad JSON and a type
/// Scout does not read.
public enum OpenLibrarySampleDump {
    /// The authors file: 3 named authors, a redirect, a nameless author (bad), a deletion, a language.
    public static let authors = lines([
        author(
            "OL1A", #"{"name": "Ursula K. Le Guin", "birth_date": "21 October 1929", "type": {"key": "/type/author"}}"#),
        author("OL2A", #"{"name": "J. R. R. Tolkien", "type": {"key": "/type/author"}}"#),
        author("OL3A", #"{"name": "Christopher Tolkien", "type": {"key": "/type/author"}}"#),
        "/type/redirect\t/authors/OL4A\t2\t2010-04-14T02:32:37.000000\t"
            + #"{"location": "/authors/OL1A", "key": "/authors/OL4A", "type": {"key": "/type/redirect"}}"#,
        author("OL5A", #"{"personal_name": "Nameless", "type": {"key": "/type/author"}}"#),
        "/type/delete\t/authors/OL6A\t3\t2012-01-01T00:00:00.000000\t"
            + #"{"key": "/authors/OL6A", "type": {"key": "/type/delete"}}"#,
        "/type/language\t/languages/eng\t1\t2008-01-01T00:00:00.000000\t"
            + #"{"name": "English", "code": "eng", "key": "/languages/eng"}"#,
    ])

    /// The works file: 4 books, a work without a title (line 3), 2 more bad lines (8, 9), a redirect
    /// and a deletion.
    public static let works = lines([
        work(
            "OL10W",
            #"{"title": "A Wizard of Earthsea", "authors": [{"type": {"key": "/type/author_role"}, "author": {"key": "/authors/OL4A"}}], "#
                + #""subjects": ["Fantasy", "Wizards", 7, "  "], "first_publish_date": "1968", "covers": [-1, 8231856], "#
                + #""description": "Ged, the greatest sorcerer in all Earthsea.", "type": {"key": "/type/work"}}"#),
        work(
            "OL11W",
            #"{"title": "The Silmarillion", "authors": [{"author": {"key": "/authors/OL2A"}, "type": {"key": "/type/author_role"}}, "#
                + #"{"author": {"key": "/authors/OL3A"}, "type": {"key": "/type/author_role"}, "role": "Editor"}], "#
                + #""first_publish_date": "September 15, 1977", "covers": [-1], "#
                + #""description": {"type": "/type/text", "value": "The history of the Elder Days."}}"#),
        work("OL12W", #"{"subjects": ["Untitled"], "authors": [{"author": {"key": "/authors/OL1A"}}]}"#),
        work(
            "OL13W",
            #"{"title": "The Left Hand of Darkness", "authors": [{"author": "/authors/OL1A"}, {"author": {"key": "/authors/OL999A"}}], "#
                + #""first_publish_date": "c1969", "covers": ["x"]}"#),
        "/type/redirect\t/works/OL14W\t4\t2015-06-01T00:00:00.000000\t"
            + #"{"location": "/works/OL10W", "key": "/works/OL14W", "type": {"key": "/type/redirect"}}"#,
        "/type/delete\t/works/OL15W\t2\t2016-01-01T00:00:00.000000\t"
            + #"{"key": "/works/OL15W", "type": {"key": "/type/delete"}}"#,
        work(
            "OL16W",
            #"{"title": "The Hobbit", "subtitle": "or There and Back Again", "authors": [{"author": {"key": "/authors/OL2A"}}]}"#
        ),
        "/type/work\t/works/OL17W\t1\t2009-01-01T00:00:00.000000",
        work("OL18W", #"{"title": "Broken", "authors": [}"#),
    ])

    /// The editions file: 3 editions of works (one through a redirect), one of no work, one bad (line 5).
    public static let editions = lines([
        edition(
            "OL100M",
            #"{"works": [{"key": "/works/OL10W"}], "isbn_13": ["978-0-553-38304-4"], "isbn_10": ["0553383043"], "#
                + #""languages": [{"key": "/languages/eng"}], "publishers": ["Bantam"], "series": ["Earthsea Cycle"], "#
                + #""covers": [-1], "publish_date": "2004"}"#),
        edition(
            "OL101M",
            #"{"works": [{"key": "/works/OL14W"}], "languages": [{"key": "/languages/fre"}], "isbn_10": ["2-253-06261-X"], "#
                + #""series": ["Earthsea Cycle", "Le Livre de Poche"], "publish_date": "1968"}"#),
        edition(
            "OL102M",
            #"{"works": [{"key": "/works/OL11W"}], "covers": [5555], "publish_date": "1977", "isbn_13": ["12345"], "#
                + #""isbn_10": ["0-04-823139-8"], "languages": [{"key": "/languages/eng"}]}"#),
        edition("OL103M", #"{"title": "An edition of no work", "isbn_13": ["9780000000002"]}"#),
        edition("OL104M", #"{"works": [{"key": "/works/OL10W"}"#),
    ])

    /// The three files' names and texts, as Open Library names them.
    public static let files = [
        ("ol_dump_authors_2026-11-30.txt", authors), ("ol_dump_works_2026-11-30.txt", works),
        ("ol_dump_editions_2026-11-30.txt", editions),
    ]

    /// A `/type/author` line of `/authors/<id>` with `json`.
    public static func author(_ id: String, _ json: String) -> String {
        "/type/author\t/authors/\(id)\t5\t2021-03-04T12:00:00.000000\t\(json)"
    }

    /// A `/type/work` line of `/works/<id>` with `json`.
    public static func work(_ id: String, _ json: String) -> String {
        "/type/work\t/works/\(id)\t7\t2022-08-09T10:11:12.123456\t\(json)"
    }

    /// A `/type/edition` line of `/books/<id>` with `json`.
    public static func edition(_ id: String, _ json: String) -> String {
        "/type/edition\t/books/\(id)\t3\t2023-02-03T04:05:06.000000\t\(json)"
    }

    /// Writes the three files into `directory`; returns their addresses in the order of ``files``.
    public static func write(to directory: URL) throws -> [URL] {
        try files.map { name, text in
            let url = directory.appending(path: name)
            try Data(text.utf8).write(to: url)
            return url
        }
    }

    private static func lines(_ lines: [String]) -> String { lines.joined(separator: "\n") + "\n" }
}

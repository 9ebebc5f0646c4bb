import BookCatalog
import Foundation
import ScoutModels

/// `scout books …`: the book catalog — import, search, relations, merging duplicates, statistics.
struct BooksCommand: ScoutCommand {
    static let name = "books"
    static let summary = "Import, search and inspect the book catalog."
    static let help = """
        Usage: scout books import goodbooks <books.csv> [--tags tags.csv --book-tags book_tags.csv]
                                            [--ratings ratings.csv] [--to-read to_read.csv]
               scout books import goodreads-export <goodreads_library_export.csv> [--reader name]
               scout books import jsonl <file>
               scout books import openlibrary <dump file…>
               scout books crawl <url…> [--depth n] [--rate r/s] [--same-host] [--max-pages n] [--max-kb n]
               scout books export <file or ->
               scout books search [--json] [--limit n] <text…>
               scout books related [--json] [--kind k] <title…>
               scout books relate
               scout books dedupe
               scout books reread
               scout books stats
        Every command takes --database <path or postgres:// URL> and --database-password-file
        <file> (only you may read it: chmod 600; else SCOUT_DATABASE_PASSWORD or PGPASSWORD).
        Only imports and crawls create a catalog; the others need one. Imports and exports also
        take --progress bar|lines|none (default: a bar on a terminal, else none; lines prints one
        line per committed batch or written page, for logs); imports --batch-size n (rows per
        transaction, default 1000).

        The catalog is a SQLite file (--database, else SCOUT_DATABASE, else
        $XDG_DATA_HOME/scout/books.sqlite, i.e. ~/.local/share/scout/books.sqlite) or a
        PostgreSQL database given as a postgres:// URL.

        import goodbooks         Imports the goodbooks-10k data set: books.csv, and when given its
                                 tags, ratings and to-read shelves (for "similar tags" and
                                 "readers also enjoyed"). Bad rows are reported by line number and
                                 skipped; importing again changes nothing; an interrupted import
                                 resumes where it stopped. A progress bar shows on a terminal.
        import goodreads-export  Imports the CSV you download from Goodreads ("Import and export" →
                                 "Export library"): your books, ratings and to-read shelf.
        import jsonl             Imports Scout's own JSON Lines (what 'export' writes): a backup's
                                 readings, links and relations come back as they were.
        import openlibrary       Imports Open Library's dumps (openlibrary.org/developers/dumps),
                                 gzipped or not, in any order: the authors, works and editions
                                 files, or the one file of every type. Each work becomes a book
                                 with its authors, subjects as tags, first year and cover; its
                                 editions add ISBNs, a language and series. The files are read
                                 three times (authors, editions, works); memory grows with the
                                 authors and works, not the files. Redirected and deleted works
                                 are left out; bad lines are reported by file and line.
        crawl                    Reads the books of web pages marked up with schema.org JSON-LD,
                                 microdata or Open Graph book tags, follows links to the site's
                                 other pages and its "similar books" links up to --depth links
                                 away (default 2), and stores each book with those links. It keeps
                                 to robots.txt, waits between requests to a host (--rate, default
                                 1/s, or longer when robots.txt asks) and names you in its
                                 User-Agent: set SCOUT_CONTACT to an address site owners can reach.
                                 --same-host follows links only on the start pages' hosts;
                                 --max-pages (default 500) and --max-kb (default 2048) bound it.
        export                   Writes the whole catalog as JSON Lines, a full backup that
                                 'import jsonl' restores: every book with its keys, then every
                                 reading, link and relation, as the catalog stood when the export
                                 began, whatever is written meanwhile. A regular file is replaced
                                 atomically; a symbolic link is written through; a device or
                                 pipe is written into; - is standard output.
        search                   Title and author, prefix as you type, case, accents and small
                                 typos forgiven; best match first, then the most rated.
        related                  The books related to the best match for a title, grouped by
                                 relation, each with its reason. --kind: sameSeries, sameAuthor,
                                 alsoEnjoyed, similarTags or listedSimilar.
        relate                   Rebuilds every relation (imports rebuild what they touched).
        dedupe                   Merges books the catalog holds twice (imported before imports
                                 matched books by ISBN, Goodreads id, or title, first author and
                                 year) into one, keeping every rating, link and relation, and
                                 prints what it merged; running it again merges nothing.
        reread                   Reads in kana the Japanese titles and names of books stored
                                 before they had readings (or before a MeCab dictionary was
                                 installed), so kana and romaji find them; imports and crawls do
                                 this as they write. Running it again changes nothing.
        stats                    How many books, readings and relations the catalog holds.
        """

    enum Action: Equatable {
        case crawl(BooksCrawlCommand)
        case importGoodbooks(GoodbooksFiles)
        case importGoodreadsExport(URL, reader: String)
        case importJSONLines(URL)
        case importOpenLibrary([URL])
        case export(ExportDestination)
        case search(String, limit: Int, json: Bool)
        case related(String, kind: Relation.Kind?, json: Bool)
        case relate
        case dedupe
        case reread
        case stats

        /// Whether it writes books, which then get their Japanese readings (``CatalogReadings``).
        var writes: Bool {
            switch self {
            case .crawl, .importGoodbooks, .importGoodreadsExport, .importJSONLines, .importOpenLibrary, .dedupe,
                .reread:
                true
            case .export, .search, .related, .relate, .stats: false
            }
        }
    }

    let action: Action
    /// The catalog, from `--database` and `--database-password-file`.
    let database: DatabaseOption
    /// How imports show progress and size their batches.
    let importOptions: ImportOptions
    /// The MeCab dictionary folder that reads the Japanese texts of the books it writes, if not
    /// the installed one (`SCOUT_MECAB_DICTIONARY`).
    let mecabDictionary: String?
    /// Times the imports and their progress bar.
    let clock: any Clock<Duration>
    /// Where a PostgreSQL catalog's search index file is kept (``ScoutConfiguration/searchIndexDirectory``).
    let searchIndexDirectory: URL?

    init(arguments: [String], configuration: ScoutConfiguration) throws(UsageError) {
        mecabDictionary = configuration.mecabDictionary
        clock = configuration.clock
        searchIndexDirectory = configuration.searchIndexDirectory
        // `crawl` has options of its own, so it parses its words itself.
        if arguments.first == "crawl" {
            let crawl = try BooksCrawlCommand(arguments: Array(arguments.dropFirst()), configuration: configuration)
            (action, database, importOptions) = (.crawl(crawl), crawl.database, ImportOptions())
            return
        }
        var scanner = ArgumentScanner(arguments)
        database = try DatabaseOption(scanning: &scanner, configuration: configuration)
        let json = scanner.flag("--json")
        let limitText = try scanner.value(for: "--limit")
        let kindText = try scanner.value(for: "--kind")
        let signals = try ImportOptions(scanning: &scanner, isTerminal: isatty(2) == 1)
        let words = try scanner.remainingPositionals()
        importOptions = signals
        switch words.first {
        case "import":
            action = try signals.action(for: Array(words.dropFirst()))
        case "export":
            guard words.count == 2 else { throw UsageError("use: scout books export <file>, or - for standard output") }
            action = .export(ExportDestination(argument: words[1]))
        case "search":
            let text = words.dropFirst().joined(separator: " ")
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError("type something to search for after 'scout books search'")
            }
            var limit = 10
            if let limitText {
                guard let value = Int(limitText), (1...200).contains(value) else {
                    throw UsageError("--limit takes a whole number from 1 to 200, not '\(limitText)'")
                }
                limit = value
            }
            action = .search(text, limit: limit, json: json)
        case "related":
            let text = words.dropFirst().joined(separator: " ")
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError("name a book after 'scout books related'")
            }
            var kind: Relation.Kind?
            if let kindText {
                guard let parsed = Relation.Kind(rawValue: kindText) else {
                    let kinds = Relation.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("--kind takes one of \(kinds), not '\(kindText)'")
                }
                kind = parsed
            }
            action = .related(text, kind: kind, json: json)
        case "relate", "stats", "dedupe", "reread":
            guard words.count == 1 else { throw UsageError("'scout books \(words[0])' takes no words") }
            switch words[0] {
            case "relate": action = .relate
            case "dedupe": action = .dedupe
            case "reread": action = .reread
            default: action = .stats
            }
        case let other?:
            throw UsageError(
                "unknown books command '\(other)'; use import, crawl, export, search, related, relate, dedupe, reread or stats"
            )
        case nil:
            throw UsageError("say what to do: import, export, search, related, relate, dedupe, reread or stats")
        }
    }
}

/// A failure of a books command, as one sentence.
struct BooksCommandError: Error, LocalizedError {
    let errorDescription: String?
    init(_ message: String) { errorDescription = message }
}

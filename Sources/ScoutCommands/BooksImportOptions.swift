import BookCatalog
import Foundation

/// The options of `scout books import`: the goodbooks-10k companion files, the reader an
/// export belongs to, how progress shows and how many rows each transaction writes.
struct ImportOptions: Equatable {
    var tags: String?
    var bookTags: String?
    var ratings: String?
    var toRead: String?
    var reader: String?
    var progress: ProgressBar.Style
    var batchSize = JSONLinesImporter.defaultBatchSize

    /// No companion files, no progress, the default batch size: what `crawl` carries.
    init() {
        progress = .none
    }

    init(scanning scanner: inout ArgumentScanner, isTerminal: Bool) throws(UsageError) {
        tags = try scanner.value(for: "--tags")
        bookTags = try scanner.value(for: "--book-tags")
        ratings = try scanner.value(for: "--ratings")
        toRead = try scanner.value(for: "--to-read")
        reader = try scanner.value(for: "--reader")
        let style = try scanner.value(for: "--progress")
        if let style {
            guard let parsed = ProgressBar.Style(rawValue: style) else {
                throw UsageError("--progress takes bar, lines or none, not '\(style)'")
            }
            progress = parsed
        } else {
            progress = isTerminal ? .bar : .none
        }
        if let text = try scanner.value(for: "--batch-size") {
            guard let value = Int(text), (1...100_000).contains(value) else {
                throw UsageError("--batch-size takes a whole number from 1 to 100000, not '\(text)'")
            }
            batchSize = value
        }
    }

    /// The import `words` (after `import`) asks for, checked against the options given.
    func action(for words: [String]) throws(UsageError) -> BooksCommand.Action {
        let goodbooksOnly = [
            ("--tags", tags), ("--book-tags", bookTags), ("--ratings", ratings), ("--to-read", toRead),
        ]
        let kind = words.first ?? ""
        if kind == "openlibrary" { return try openLibrary(files: Array(words.dropFirst()), goodbooksOnly) }
        guard words.count == 2, ["goodbooks", "goodreads-export", "jsonl"].contains(kind) else {
            throw UsageError(
                "use: scout books import goodbooks <books.csv>, import goodreads-export <file.csv>, import jsonl <file>, "
                    + "or import openlibrary <dump file…>"
            )
        }
        let file = URL(fileURLWithPath: words[1])
        if kind != "goodbooks", let (name, _) = goodbooksOnly.first(where: { $0.1 != nil }) {
            throw UsageError("\(name) belongs to 'import goodbooks'")
        }
        if kind != "goodreads-export", reader != nil {
            throw UsageError("--reader belongs to 'import goodreads-export'")
        }
        switch kind {
        case "goodbooks":
            guard (tags == nil) == (bookTags == nil) else {
                throw UsageError("--tags and --book-tags go together: tags.csv names the tag ids book_tags.csv uses")
            }
            return .importGoodbooks(
                GoodbooksFiles(
                    books: file, tags: tags.map(URL.init(fileURLWithPath:)),
                    bookTags: bookTags.map(URL.init(fileURLWithPath:)),
                    ratings: ratings.map(URL.init(fileURLWithPath:)),
                    toRead: toRead.map(URL.init(fileURLWithPath:))))
        case "goodreads-export":
            let name = reader ?? "me"
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
                throw UsageError("--reader takes a name of letters, digits, '-', '_' or '.'")
            }
            return .importGoodreadsExport(file, reader: name)
        default:
            return .importJSONLines(file)
        }
    }

    /// `import openlibrary <file…>`: one to ``OpenLibraryImporter/maxFiles`` dump files, no
    /// other import's options.
    private func openLibrary(files: [String], _ goodbooksOnly: [(String, String?)]) throws(UsageError)
        -> BooksCommand.Action
    {
        if let (name, _) = goodbooksOnly.first(where: { $0.1 != nil }) {
            throw UsageError("\(name) belongs to 'import goodbooks'")
        }
        if reader != nil { throw UsageError("--reader belongs to 'import goodreads-export'") }
        guard !files.isEmpty else {
            throw UsageError(
                "name Open Library's dump files: scout books import openlibrary ol_dump_authors_latest.txt.gz "
                    + "ol_dump_works_latest.txt.gz ol_dump_editions_latest.txt.gz")
        }
        guard files.count <= OpenLibraryImporter.maxFiles else {
            throw UsageError(
                "an Open Library import reads at most \(OpenLibraryImporter.maxFiles) files, not \(files.count)")
        }
        guard Set(files).count == files.count else {
            throw UsageError("each dump file is named once; a file named twice would be imported twice")
        }
        return .importOpenLibrary(files.map(URL.init(fileURLWithPath:)))
    }
}

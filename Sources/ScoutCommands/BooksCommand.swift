import BookCatalog
import Foundation
import SQLite
import ScoutModels

/// `scout books …`: the book catalog — import, search, statistics.
struct BooksCommand: ScoutCommand {
    static let name = "books"
    static let summary = "Import, search and inspect the book catalog."
    static let help = """
        Usage: scout books import goodbooks <books.csv> [--database path]
               scout books import jsonl <file> [--database path]
               scout books export <file> [--database path]
               scout books search [--json] [--limit n] <text…> [--database path]
               scout books related [--json] [--kind k] <title…> [--database path]
               scout books relate [--database path]
               scout books stats [--database path]

        The catalog is a SQLite database: --database, else SCOUT_DATABASE, else
        $XDG_DATA_HOME/scout/books.sqlite (~/.local/share/scout/books.sqlite).

        import goodbooks   Imports books.csv of the goodbooks-10k data set. Importing again
                           updates changed books and adds nothing twice; rows that cannot be
                           read are reported with their line numbers and skipped.
                           The relations are rebuilt after every import.
        import jsonl       Imports Scout's own JSON Lines (what 'export' writes), the same way.
        export             Writes every book as one JSON object per line (atomically).
        search             Title and author, prefix as you type, case and accents ignored,
                           best match first, then the most rated.
        related            The books related to the best match for a title, grouped by
                           relation, each with its reason. --kind: sameSeries or sameAuthor.
        relate             Rebuilds the relations (same series, same author).
        stats              How many books and relations the catalog holds.
        """

    enum Action: Equatable {
        case importGoodbooks(URL)
        case importJSONLines(URL)
        case export(URL)
        case search(String, limit: Int, json: Bool)
        case related(String, kind: Relation.Kind?, json: Bool)
        case relate
        case stats
    }

    let action: Action
    let databasePath: String

    init(arguments: [String], environment: [String: String]) throws(UsageError) {
        var scanner = ArgumentScanner(arguments)
        let database = try scanner.value(for: "--database")
        let json = scanner.flag("--json")
        let limitText = try scanner.value(for: "--limit")
        let kindText = try scanner.value(for: "--kind")
        let words = try scanner.remainingPositionals()
        databasePath = try Self.databasePath(explicit: database, environment: environment)
        switch words.first {
        case "import":
            guard words.count == 3, ["goodbooks", "jsonl"].contains(words[1]) else {
                throw UsageError("use: scout books import goodbooks <books.csv>, or import jsonl <file>")
            }
            let file = URL(fileURLWithPath: words[2])
            action = words[1] == "goodbooks" ? .importGoodbooks(file) : .importJSONLines(file)
        case "export":
            guard words.count == 2 else { throw UsageError("use: scout books export <file>") }
            action = .export(URL(fileURLWithPath: words[1]))
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
        case "relate", "stats":
            guard words.count == 1 else { throw UsageError("'scout books \(words[0])' takes no words") }
            action = words[0] == "relate" ? .relate : .stats
        case let other?:
            throw UsageError("unknown books command '\(other)'; use import, search or stats")
        case nil:
            throw UsageError("say what to do: import, search or stats")
        }
    }

    /// `--database`, else `SCOUT_DATABASE`, else the XDG data directory.
    static func databasePath(explicit: String?, environment: [String: String]) throws(UsageError) -> String {
        let chosen = explicit ?? environment["SCOUT_DATABASE"]
        if let chosen, chosen.hasPrefix("postgres://") || chosen.hasPrefix("postgresql://") {
            throw UsageError("PostgreSQL catalogs are not supported yet; use a SQLite file path")
        }
        if let chosen, !chosen.isEmpty { return chosen }
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.local/share" } ?? "."
        return data + "/scout/books.sqlite"
    }

    func run() async -> Int32 {
        do {
            let directory = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let store = try await SQLiteBookStore(path: databasePath)
            switch action {
            case .importGoodbooks(let file):
                try await report(await GoodbooksImporter(store: store).importBooks(from: readable(file)), store: store)
            case .importJSONLines(let file):
                try await report(await JSONLinesImporter(store: store).importBooks(from: readable(file)), store: store)
            case .export(let file):
                Console.out(
                    "Exported \(try await JSONLinesExporter(store: store).export(to: file)) books to \(file.path).")
            case .search(let text, let limit, let json): try await search(text, limit: limit, json: json, in: store)
            case .related(let text, let kind, let json): try await related(text, kind: kind, json: json, in: store)
            case .relate: Console.out("Built \(try await store.rebuildRelations()) relations.")
            case .stats: Console.out("\(try await store.count()) books in \(databasePath)")
            }
            return ExitCode.success
        } catch let error as SQLiteError {
            Console.error("scout: the catalog at \(databasePath) could not be used: \(error.description)")
        } catch {
            Console.error("scout: \(error.localizedDescription)")
        }
        return ExitCode.failure
    }

    private func readable(_ file: URL) throws -> URL {
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            throw BooksCommandError("cannot read \(file.path); check the path")
        }
        return file
    }

    /// Prints an import's summary (skipped rows on stderr) after rebuilding the relations.
    private func report(_ summary: ImportSummary, store: SQLiteBookStore) async throws {
        for row in summary.skipped.prefix(50) { Console.error("line \(row.line): \(row.reason)") }
        if summary.skipped.count > 50 { Console.error("… and \(summary.skipped.count - 50) more skipped rows") }
        let seconds = Double(summary.elapsed.components.seconds) + Double(summary.elapsed.components.attoseconds) / 1e18
        let relations = try await store.rebuildRelations()
        Console.out(
            "Imported \(summary.imported) new, \(summary.updated) updated, \(summary.unchanged) unchanged, "
                + "\(summary.skipped.count) skipped in \(String(format: "%.1f", seconds)) s; \(relations) relations.")
    }

    private func related(_ text: String, kind: Relation.Kind?, json: Bool, in store: SQLiteBookStore) async throws {
        guard let book = try await store.search(text, limit: 1).first else {
            Console.out("No books match “\(text)”.")
            return
        }
        let related = try await store.related(to: book.id, kind: kind)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for entry in related {
                let line = RelatedLine(
                    source: book.title, reltype: entry.relation.kind.phrase, target: entry.book.title,
                    reason: entry.relation.reason, score: entry.relation.score)
                Console.out(String(decoding: try encoder.encode(line), as: UTF8.self))
            }
            return
        }
        Console.out(TerminalText.sanitize("\(book.title) — \(book.authors.joined(separator: ", "))"))
        guard !related.isEmpty else {
            Console.out("  No related books yet. Run 'scout books relate' after importing.")
            return
        }
        for entry in related {
            Console.out(TerminalText.sanitize("  \(entry.book.title)  (\(entry.relation.reason))"))
        }
    }

    /// One `--json` line of `scout books related`, in the `/map` API's vocabulary.
    private struct RelatedLine: Encodable {
        let source: String
        let reltype: String
        let target: String
        let reason: String
        let score: Double
    }

    private func search(_ text: String, limit: Int, json: Bool, in store: SQLiteBookStore) async throws {
        let books = try await store.search(text, limit: limit)
        if books.isEmpty {
            Console.out("No books match “\(text)”.")
            return
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for book in books { Console.out(String(decoding: try encoder.encode(book), as: UTF8.self)) }
            return
        }
        for book in books {
            let year = book.year.map { " (\($0))" } ?? ""
            let rating = book.averageRating.map { String(format: "  ★ %.2f", $0) } ?? ""
            Console.out(
                TerminalText.sanitize("\(book.title)\(year) — \(book.authors.joined(separator: ", "))\(rating)"))
        }
    }
}

/// A failure of a books command, as one sentence.
struct BooksCommandError: Error, LocalizedError {
    let errorDescription: String?
    init(_ message: String) { errorDescription = message }
}

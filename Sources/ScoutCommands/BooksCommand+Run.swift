import BookCatalog
import BookStorage
import Foundation
import ScoutModels

extension BooksCommand {
    func run() async -> Int32 {
        for warning in database.warnings { Console.error(warning) }
        do {
            let readingAnalyzer = action.writes ? CatalogReadings.analyzer(folder: mecabDictionary) : nil
            let store = try await BookStores.open(
                database.location, creating: creation, readingAnalyzer: readingAnalyzer,
                searchIndexDirectory: searchIndexDirectory, onWait: { Console.error("scout: \($0)") })
            switch action {
            case .crawl(let crawl): return try await crawl.crawl(into: store, clock: clock)
            case .importGoodbooks(let files):
                for file in [files.books, files.tags, files.bookTags, files.ratings, files.toRead].compactMap(\.self) {
                    _ = try readable(file)
                }
                let importer = GoodbooksImporter(
                    store: store, batchSize: importOptions.batchSize, clock: clock, progress: progressBar.show)
                try await report(try await importer.importFiles(files), store: store)
            case .importGoodreadsExport(let file, let reader):
                let importer = GoodreadsExportImporter(
                    store: store, reader: reader, batchSize: importOptions.batchSize, clock: clock,
                    progress: progressBar.show)
                try await report([try await importer.importExport(from: readable(file))], store: store)
            case .importJSONLines(let file):
                let importer = JSONLinesImporter(
                    store: store, batchSize: importOptions.batchSize, clock: clock, progress: progressBar.show)
                try await report([try await importer.importBooks(from: readable(file))], store: store)
            case .importOpenLibrary(let files):
                let importer = OpenLibraryImporter(
                    store: store, batchSize: importOptions.batchSize, clock: clock, progress: progressBar.show)
                try await report([try await importer.importDump(try files.map(readable))], store: store)
            case .export(let destination):
                let bar = ProgressBar(style: importOptions.progress, clock: clock, done: "written")
                let count = try await JSONLinesExporter(store: store, clock: clock, progress: bar.show)
                    .export(to: destination)
                let sentence = "Exported \(count) books to \(destination.name)."
                // Standard output holds the lines themselves.
                if destination == .standardOutput { Console.error(sentence) } else { Console.out(sentence) }
            case .search(let text, let limit, let json): try await search(text, limit: limit, json: json, in: store)
            case .related(let text, let kind, let json): try await related(text, kind: kind, json: json, in: store)
            case .relate: Console.out("Built \(try await store.rebuildRelations()) relations.")
            case .dedupe: try await dedupe(store)
            case .reread:
                // Without MeCab, CatalogReadings has said why and what to install.
                guard let readingAnalyzer else { return ExitCode.failure }
                let changed = try await store.addMissingReadings(using: readingAnalyzer)
                Console.out(
                    changed == 0
                        ? "Every Japanese title and name in \(databaseLabel) already has its reading."
                        : "Read the Japanese titles and names of \(changed) \(changed == 1 ? "book" : "books") in \(databaseLabel)."
                )
            case .stats: Console.out("\(try await store.count()) books in \(databaseLabel)")
            }
            return ExitCode.success
        } catch let error as BookStoreError where error.kind == .missing || error.kind == .notACatalog {
            Console.error("scout: \(error.description)")
        } catch let error as BookStoreError {
            Console.error("scout: the catalog at \(databaseLabel) could not be used: \(error.description)")
        } catch {
            Console.error("scout: \(error.localizedDescription)")
        }
        return ExitCode.failure
    }

    /// What opening the catalog may create: imports and crawls make a new catalog (and its
    /// folders); every other command needs one, so a mistyped path is an error, not an empty
    /// catalog in new folders.
    private var creation: BookStores.Creation {
        switch action {
        case .crawl, .importGoodbooks, .importGoodreadsExport, .importJSONLines, .importOpenLibrary: .fileAndFolders
        case .export, .search, .related, .relate, .dedupe, .reread, .stats: .nothing
        }
    }

    private var progressBar: ProgressBar { ProgressBar(style: importOptions.progress, clock: clock) }

    /// The catalog's location for messages (never a password).
    var databaseLabel: String { database.location.description }

    private func readable(_ file: URL) throws -> URL {
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            throw BooksCommandError("cannot read \(file.path); check the path")
        }
        return file
    }

    /// Prints each phase's summary (skipped rows on stderr) after rebuilding the relations the
    /// import touched.
    private func report(_ summaries: [ImportSummary], store: any BookStore) async throws {
        var touched = Set<Int64>()
        for summary in summaries {
            touched.formUnion(summary.changedBooks)
            for row in summary.skipped.prefix(50) {
                Console.error("\(row.file ?? summary.phase) line \(row.line): \(row.reason)")
            }
            if summary.skipped.count > 50 { Console.error("… and \(summary.skipped.count - 50) more skipped rows") }
        }
        let restored = summaries.reduce(0) { $0 + $1.restoredRelations }
        // A backup brings its relations: rebuilding would replace them with what this catalog derives.
        let relations = restored > 0 ? 0 : try await store.rebuildRelations(affecting: touched)
        for summary in summaries { Console.out(Self.sentence(for: summary)) }
        if restored > 0 {
            Console.out("Restored \(restored) relations from the backup.")
        } else {
            Console.out("Rebuilt \(relations) relations of \(touched.count) changed books.")
        }
        // So the next `scout serve` maps the search index instead of building it from the
        // catalog (SearchIndexFile); a failure here only leaves that build to the server. A
        // PostgreSQL catalog keeps its file in the cache folder; without one (no HOME), preparing
        // would build the index in memory and drop it.
        if case .file = database.location { try? await store.prepareSearch() }
        if case .postgres = database.location, searchIndexDirectory != nil { try? await store.prepareSearch() }
    }

    /// `books.csv: 3 new, 0 updated, 0 unchanged, 1 skipped in 0.1 s.`
    static func sentence(for summary: ImportSummary) -> String {
        let seconds = Double(summary.elapsed.components.seconds) + Double(summary.elapsed.components.attoseconds) / 1e18
        var parts: [String] = []
        if let resumed = summary.resumedAt { parts.append("resumed after \(resumed) rows") }
        if summary.imported + summary.updated + summary.unchanged > 0 || summary.signals + summary.unmatched == 0 {
            parts.append("\(summary.imported) new, \(summary.updated) updated, \(summary.unchanged) unchanged books")
        }
        if summary.signals + summary.unmatched > 0 {
            let noun =
                switch summary.phase {
                case "book_tags.csv": "tag lists"
                case "JSON Lines": "keys, readings, links and relations"  // a backup's lines after its books
                default: "readings"
                }
            parts.append("\(summary.signals) \(noun) stored")
            if summary.unmatched > 0 { parts.append("\(summary.unmatched) for books not in the catalog") }
        }
        if summary.removed > 0 { parts.append("\(summary.removed) removed as deleted or merged at the source") }
        parts.append("\(summary.skipped.count) skipped")
        if summary.truncatedFields > 0 {
            parts.append("\(summary.truncatedFields) fields cut to their limits")
        }
        return "\(summary.phase): " + parts.joined(separator: ", ") + " in \(String(format: "%.1f", seconds)) s."
    }
    private func related(_ text: String, kind: Relation.Kind?, json: Bool, in store: any BookStore) async throws {
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

    private func search(_ text: String, limit: Int, json: Bool, in store: any BookStore) async throws {
        let page = try await store.rankedPage(text, offset: 0, limit: limit)
        let matches = page.matches
        let books = matches.map(\.book)
        if books.isEmpty {
            Console.out("No books match “\(text)”.")
            return
        }
        if let suggestion = page.suggestion, !json {
            Console.out(TerminalText.sanitize("Did you mean “\(suggestion)”?"))
        }
        if !page.missingWords.isEmpty, !json {
            let missing = page.missingWords.map { "“\($0)”" }.joined(separator: ", ")
            Console.out(TerminalText.sanitize("No book matches every word; closest matches, without \(missing):"))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for book in books { Console.out(String(decoding: try encoder.encode(book), as: UTF8.self)) }
            return
        }
        let isTerminal = isatty(1) == 1
        for match in matches {
            let book = match.book
            let year = book.year.map { " (\($0))" } ?? ""
            let rating = book.averageRating.map { String(format: "  ★ %.2f", $0) } ?? ""
            let spans = match.titleRanges
            let title = isTerminal ? MarkedText.bold(book.title, spans: spans) : TerminalText.sanitize(book.title)
            // Found by another title: say which, so the row explains itself.
            let alternate = match.matchedAlternateTitle.map { " [original title: \($0)]" } ?? ""
            Console.out(
                title
                    + TerminalText.sanitize(
                        "\(alternate)\(year) — \(book.authors.joined(separator: ", "))\(rating)"))
        }
    }
}

import Foundation
import Networking
import Providers
import ScoutModels

/// `scout search <source> <query…>`: one search, printed as a table or as JSON Lines.
struct SearchCommand: ScoutCommand {
    static let name = "search"
    static let summary = "Search a source once and print the results."
    static let help = """
        Usage: scout search wikipedia <query…> [--lang xx] [--limit n] [--all] [--json]

        Searches once and prints the results: a table that fits the terminal, or JSON Lines
        with --json. No results prints "No results for …" (and a suggestion when the source
        has one) and exits 0; a failed search prints why and exits 1.

        Sources:
          wikipedia    Wikipedia articles (prefix search, filled up with full-text search)

        Options:
          --lang xx    Wikipedia language (default en).
          --limit n    Results per page, 1 to 50 (default 10).
          --all        Follow continuation and print every result (up to 500).
          --json       One JSON object per line: id, title, description, thumbnail, link, source.

        Environment:
          SCOUT_WIKIPEDIA_API  API address, {lang} replaced by the language
                               (default https://{lang}.wikipedia.org/w/api.php).
          SCOUT_CONTACT        Contact put in the User-Agent (default: the project's URL).
        """

    /// The most results `--all` prints, to stay polite to the source.
    static let allLimit = 500

    let source: SourceID
    let query: SearchQuery
    let language: String
    let limit: Int
    let followsContinuation: Bool
    let printsJSON: Bool
    let environment: [String: String]

    init(arguments: [String], environment: [String: String]) throws(UsageError) {
        var scanner = ArgumentScanner(arguments)
        language = try scanner.value(for: "--lang") ?? "en"
        let limitText = try scanner.value(for: "--limit")
        followsContinuation = scanner.flag("--all")
        printsJSON = scanner.flag("--json")
        let words = try scanner.remainingPositionals()
        guard let sourceName = words.first else { throw UsageError("name a source to search, such as wikipedia") }
        guard sourceName == SourceID.wikipedia.rawValue else {
            throw UsageError("unknown source '\(sourceName)'; available: wikipedia")
        }
        source = SourceID(rawValue: sourceName)
        if let limitText {
            guard let value = Int(limitText), (1...50).contains(value) else {
                throw UsageError("--limit takes a whole number from 1 to 50, not '\(limitText)'")
            }
            limit = value
        } else {
            limit = 10
        }
        do {
            query = try SearchQuery(words.dropFirst().joined(separator: " "))
        } catch {
            throw UsageError(error.description)
        }
        guard !query.isEmpty else { throw UsageError("type something to search for after '\(sourceName)'") }
        self.environment = environment
    }

    func run() async -> Int32 {
        let provider: any SearchProvider
        do {
            provider = try WikipediaProvider(
                client: APIClient(configuration: .init(userAgent: UserAgent.make(environment: environment))),
                language: language,
                apiTemplate: environment["SCOUT_WIKIPEDIA_API"] ?? WikipediaProvider.defaultAPITemplate)
        } catch {
            Console.error("scout: \(error.description).")
            return ExitCode.usage
        }
        do {
            let (items, suggestion) = try await collect(from: provider)
            if items.isEmpty {
                var message = "No results for “\(TerminalText.sanitize(query.text))” on \(provider.displayName)."
                if let suggestion { message += " Did you mean “\(TerminalText.sanitize(suggestion))”?" }
                Console.out(message)
            } else if printsJSON {
                ResultPrinter.printJSONLines(items)
            } else {
                ResultPrinter.printTable(items, width: TerminalSize.columns(environment: environment))
            }
            return ExitCode.success
        } catch let failure as any SearchFailure {
            Console.error("scout: \(failure.userMessage)")
            return ExitCode.failure
        } catch {
            Console.error("scout: the search failed: \(error). Retry?")
            return ExitCode.failure
        }
    }

    /// The first page, or with `--all` every page until the source has no more.
    private func collect(from provider: any SearchProvider) async throws -> ([SearchItem], String?) {
        var page = try await provider.search(query, cursor: nil, limit: limit)
        var items = page.items
        var seen = Set(items.map(\.id))
        while followsContinuation, let cursor = page.nextCursor, items.count < Self.allLimit {
            page = try await provider.search(query, cursor: cursor, limit: limit)
            let fresh = page.items.filter { seen.insert($0.id).inserted }
            if fresh.isEmpty && page.items.isEmpty { break }
            items += fresh
        }
        return (Array(items.prefix(Self.allLimit)), page.suggestion)
    }
}

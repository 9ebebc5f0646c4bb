import Foundation
import Localization
import Networking
import Providers
import ScoutModels

/// `scout search <source> <query…>`: one search, printed as a table or as JSON Lines;
/// `scout search all <query…>` searches every configured source at once (`SearchCommand+All`).
struct SearchCommand: ScoutCommand {
    static let name = "search"
    static let summary = "Search a source once and print the results."
    static let help = """
        Usage: scout search <source> <query…> [--limit n] [--pages n | --all] [--json] [--lang xx]
                            [--ui-lang en|ja]

        Searches once and prints the results: a table that fits the terminal, or JSON Lines
        with --json. No results prints "No results for …" (and a suggestion when the source
        has one) and exits 0; a failed search prints why and exits 1.

        'all' searches every configured source at once and prints each one's results under its
        name as that source answers, fastest first (--json: one line per source,
        {"source":"wikipedia","results":[…]}, or with "error" and the sentence). A source that
        fails prints why under its name; the exit code is 1 only when every source failed.

        Sources:
          all          Every source below that is configured (Flickr only with its key)
          wikipedia    Wikipedia articles (prefix search, filled up with full-text search)
          commons      Photos and other files on Wikimedia Commons (no key needed)
          flickr       Photos on Flickr (needs FLICKR_API_KEY)
          books        Books on a Scout book server (scout serve)

        Options:
          --limit n    Results per page, 1 to 50 (default 10).
          --pages n    Load n pages, one after the other (1 to 50; default 1).
          --all        Follow continuation and print every result (up to 500).
          --json       One JSON object per line: id, title, description, thumbnail, link, source,
                       and details (author, license …) when the source has them.
          --lang xx    Wikipedia language (with wikipedia or all), a code such as en, de or zh-yue (env
                       SCOUT_WIKIPEDIA_LANG; default en).
          --ui-lang xx The language of the lines for people: en or ja (default from LC_ALL,
                       LC_MESSAGES or LANG, else en). --json is the same in any language.

        Environment:
          SCOUT_WIKIPEDIA_API  API address, {lang} replaced by the language
                               (default https://{lang}.wikipedia.org/w/api.php).
          SCOUT_COMMONS_API    Commons API address (default https://commons.wikimedia.org/w/api.php).
          SCOUT_FLICKR_API     Flickr REST address (default https://api.flickr.com/services/rest/).
          FLICKR_API_KEY       Your Flickr API key (https://www.flickr.com/services/apps/create/).
          SCOUT_BOOKS_API      The book server (default http://127.0.0.1:8080).
          SCOUT_CONTACT        Contact put in the User-Agent (default: the project's URL).
        """

    /// The sources `scout search` knows, in the order help lists them.
    static let sources: [SourceID] = [.wikipedia, .commons, .flickr, .books]
    /// The most results `--all` prints, to stay polite to the source.
    static let allLimit = 500
    /// The most pages `--pages` and `--all` load.
    static let maxPages = 50

    /// The source searched; with `all`, the first of ``sources``.
    var source: SourceID { sources[0] }
    /// The sources searched: the one named, or for `all` every one `scout search` knows (Flickr is
    /// dropped later when it has no key).
    let sources: [SourceID]
    /// True for `scout search all`.
    let searchesAll: Bool
    let query: SearchQuery
    let language: String
    let limit: Int
    /// Pages to load; nil with `--all` (until the source has no more, within the limits above).
    let pageCount: Int?
    let printsJSON: Bool
    let configuration: ScoutConfiguration
    /// The words of the table and the no-results line (`--ui-lang`, else the locale's).
    let messages: Messages

    init(arguments: [String], configuration: ScoutConfiguration) throws(UsageError) {
        var scanner = ArgumentScanner(arguments)
        let languageText = try scanner.value(for: "--lang")
        messages = Messages(try UILanguageOption.read(&scanner, configuration: configuration))
        let limitText = try scanner.value(for: "--limit")
        let pagesText = try scanner.value(for: "--pages")
        let followsContinuation = scanner.flag("--all")
        printsJSON = scanner.flag("--json")
        let words = try scanner.remainingPositionals()
        let available = Self.sources.map(\.rawValue).joined(separator: ", ")
        guard let sourceName = words.first else { throw UsageError("name a source to search: \(available)") }
        searchesAll = sourceName == Self.allSources
        if searchesAll {
            sources = Self.sources
        } else if let named = Self.sources.first(where: { $0.rawValue == sourceName }) {
            sources = [named]
        } else {
            throw UsageError("unknown source '\(sourceName)'; available: \(available), \(Self.allSources)")
        }
        if languageText != nil, !sources.contains(.wikipedia) {
            throw UsageError("--lang applies to wikipedia and all only")
        }
        language = languageText ?? configuration.wikipediaLanguage
        limit = try Self.number(limitText, option: "--limit", in: 1...50) ?? 10
        if pagesText != nil, followsContinuation { throw UsageError("use --pages or --all, not both") }
        pageCount =
            followsContinuation ? nil : try Self.number(pagesText, option: "--pages", in: 1...Self.maxPages) ?? 1
        do {
            query = try SearchQuery(words.dropFirst().joined(separator: " "))
        } catch {
            throw UsageError(error.description)
        }
        guard !query.isEmpty else { throw UsageError("type something to search for after '\(sourceName)'") }
        self.configuration = configuration
    }

    /// The name that searches every source.
    static let allSources = "all"

    func run() async -> Int32 {
        if searchesAll { return await runAll() }
        let provider: any SearchProvider
        do {
            provider = try makeProvider(for: source)
        } catch {
            Console.error("scout: \(SettingHint.describe(error)).")
            return ExitCode.usage
        }
        let results = await collect(from: provider)
        if results.items.isEmpty, results.failure == nil {
            printNoResults(results, from: provider)
        } else if printsJSON {
            ResultPrinter.printJSONLines(results.items)
        } else if !results.items.isEmpty {
            ResultPrinter.printTable(
                results.items, width: TerminalSize.columns(otherwise: configuration.columns), messages: messages)
        }
        guard let failure = results.failure else { return ExitCode.success }
        Console.error("scout: \(failure)")
        return ExitCode.failure
    }

    /// "No results for “dune” on Wikipedia.", with the source's suggestion when it has one.
    func printNoResults(_ results: Results, from provider: any SearchProvider) {
        let source = UILanguageOption.sourceName(provider.source, otherwise: provider.displayName, messages)
        let query = messages.text("quote", ["text": TerminalText.sanitize(query.text)])
        if let suggestion = results.suggestion {
            let suggestion = messages.text("quote", ["text": TerminalText.sanitize(suggestion)])
            Console.out(
                messages.text(
                    "cli.noResultsWithSuggestion", ["query": query, "source": source, "suggestion": suggestion]))
        } else {
            Console.out(messages.text("cli.noResults", ["query": query, "source": source]))
        }
    }

    /// `text` as a whole number in `range`, nil when the option was not given.
    private static func number(_ text: String?, option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                "\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }
}

import Foundation
import InstantSearch
import Networking
import Providers
import ScoutModels

extension SearchCommand {
    /// The provider for `source`, from the process's configuration; a bad address setting
    /// throws the provider's error, which ``SettingHint`` tells the variable of.
    func makeProvider(for source: SourceID) throws -> any SearchProvider {
        let client = configuration.client()
        switch source {
        case .commons:
            return try CommonsProvider(client: client, apiAddress: configuration.commonsAPIAddress)
        case .flickr:
            return try FlickrProvider(
                client: client, apiKey: configuration.flickrAPIKey, apiAddress: configuration.flickrAPIAddress)
        case .books:
            guard let address = configuration.booksAPIAddress else { return try BooksProvider(client: client) }
            guard let url = BooksProvider.baseURL(parsing: address) else {
                throw BooksConfigurationError.invalidBaseURL(address)
            }
            return try BooksProvider(client: client, baseURL: url)
        default:
            return try WikipediaProvider(
                client: client, language: language,
                apiTemplate: configuration.wikipediaAPITemplate)
        }
    }

    /// What a search collected: the items of every page that arrived, the first page's
    /// suggestion, and the sentence of a failure that ended it early.
    struct Results {
        var items: [SearchItem] = []
        var suggestion: String?
        var failure: String?
    }

    /// Loads pages through a ``InstantSearch/Paginator`` — one at a time, never the same page
    /// twice, duplicates across pages dropped — until ``pageCount`` pages (or, with `--all`,
    /// ``allLimit`` results) or the last page. A failed page keeps the pages before it.
    func collect(from provider: any SearchProvider) async -> Results {
        var paginator = Paginator()
        var results = Results()
        let pages = pageCount ?? Self.maxPages
        while paginator.pagesLoaded < pages, pageCount != nil || paginator.items.count < Self.allLimit,
            case .fetch(let cursor) = paginator.loadNextPage()
        {
            do {
                let page = try await provider.search(query, cursor: cursor, limit: limit)
                if paginator.pagesLoaded == 0 { results.suggestion = page.suggestion }
                paginator.receive(page)
            } catch {
                paginator.fail()
                results.failure = Self.sentence(for: error, pagesLoaded: paginator.pagesLoaded)
                break
            }
        }
        results.items = pageCount == nil ? Array(paginator.items.prefix(Self.allLimit)) : paginator.items
        return results
    }

    /// What went wrong, for a person, and what they are looking at.
    private static func sentence(for error: any Error, pagesLoaded: Int) -> String {
        let message =
            (error as? any SearchFailure).map(SettingHint.sentence(for:)) ?? "the search failed: \(error). Retry?"
        guard pagesLoaded > 0 else { return message }
        return message + " (Shown: the \(pagesLoaded == 1 ? "first page" : "first \(pagesLoaded) pages").)"
    }
}

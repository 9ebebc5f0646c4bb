import BookCatalog
import Foundation
import Networking
import Providers
import ScoutModels

/// The sources this server offers, each with its provider when it is configured: Wikipedia
/// and Wikimedia Commons always, Flickr when it has a key, books when the server has a catalog.
struct SourceCatalog: Sendable {
    struct Entry: Sendable {
        let id: SourceID
        let name: String
        let kind: String
        /// Nil when the source cannot be searched until it is set up; `problem` says why.
        let provider: (any SearchProvider)?
        let problem: String?
        /// Searched in this process (the book catalog): no upstream call, a shorter cache life.
        var isLocal = false
        /// Wikipedia's languages, each with its provider; nil for every other source.
        var editions: WikipediaEditions? = nil
    }

    let entries: [Entry]

    init(configuration: ScoutServerConfiguration, client: APIClient, books: CatalogConnection? = nil) {
        var entries: [Entry] = []
        do {
            let editions = try WikipediaEditions(
                client: client, apiTemplate: configuration.wikipediaAPITemplate,
                defaultLanguage: configuration.wikipediaLanguage, deadline: configuration.upstreamDeadline)
            entries.append(
                Entry(
                    id: .wikipedia, name: "Wikipedia", kind: "articles", provider: editions.defaultProvider,
                    problem: nil, editions: editions))
        } catch {
            entries.append(
                Entry(
                    id: .wikipedia, name: "Wikipedia", kind: "articles", provider: nil,
                    problem: "Wikipedia is not set up: \(error.description)."))
        }
        if let books {
            entries.append(
                Entry(
                    id: .books, name: "Books", kind: "books", provider: CatalogSearchProvider(books: books),
                    problem: nil, isLocal: true))
        }
        // Photos after books, so the order of the sources clients already knew stays.
        entries.append(.commons(configuration: configuration, client: client))
        if let flickr = Entry.flickr(configuration: configuration, client: client) { entries.append(flickr) }
        self.entries = entries
    }

    func entry(_ id: String) -> Entry? { entries.first { $0.id.rawValue == id } }

    /// Wikipedia's entry, when the server offers it set up.
    var wikipedia: Entry? { entries.first { $0.id == .wikipedia && $0.editions != nil } }

    /// What `GET /api/v1/sources` says: Wikipedia with its languages and the server's default.
    var body: SourcesResponseBody {
        SourcesResponseBody(
            sources: entries.map {
                .init(
                    id: $0.id, name: $0.name, kind: $0.kind, configured: $0.provider != nil, message: $0.problem,
                    language: $0.editions?.defaultLanguage,
                    languages: $0.editions == nil ? nil : WikipediaLanguages.codes)
            })
    }
}

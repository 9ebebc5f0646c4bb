import Foundation
import Networking
import Providers
import ScoutModels
import Synchronization

/// The Wikipedias this server searches: one ``Providers/WikipediaProvider`` per language a
/// request named, made on first use from `SCOUT_WIKIPEDIA_API` with the code in its `{lang}`,
/// and kept — at most one per code of ``Providers/WikipediaLanguages``, so a server holds a
/// bounded number whatever clients send. All of them share the app's one `APIClient`, so every
/// language draws on the one Wikimedia budget (`HostPolicy.wikimedia`).
///
/// ```swift
/// let editions = try WikipediaEditions(client: client, apiTemplate: template, defaultLanguage: "en", deadline: .seconds(3))
/// let german = try editions.provider(for: "de")
/// ```
final class WikipediaEditions: Sendable {
    /// The language searched when a request names none (`SCOUT_WIKIPEDIA_LANG`).
    let defaultLanguage: String
    private let client: APIClient
    private let apiTemplate: String
    private let deadline: Duration
    private let providers: Mutex<[String: WikipediaProvider]>

    /// Fails as the default language's provider would: the server then offers no Wikipedia.
    init(
        client: APIClient, apiTemplate: String, defaultLanguage: String, deadline: Duration
    ) throws(WikipediaConfigurationError) {
        let first = try WikipediaProvider(
            client: client, language: defaultLanguage, apiTemplate: apiTemplate, deadline: deadline)
        self.defaultLanguage = defaultLanguage
        self.client = client
        self.apiTemplate = apiTemplate
        self.deadline = deadline
        providers = Mutex([defaultLanguage: first])
    }

    /// The default language's provider.
    var defaultProvider: WikipediaProvider {
        providers.withLock { $0[defaultLanguage]! }
    }

    /// The provider of `language`, one of ``Providers/WikipediaLanguages`` (others throw).
    func provider(for language: String) throws(WikipediaConfigurationError) -> WikipediaProvider {
        if let known = providers.withLock({ $0[language] }) { return known }
        let made = try WikipediaProvider(
            client: client, language: language, apiTemplate: apiTemplate, deadline: deadline)
        return providers.withLock { providers in
            if let raced = providers[language] { return raced }
            providers[language] = made
            return made
        }
    }
}

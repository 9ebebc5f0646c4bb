import Foundation
import ImageLoading
import Localization
import Networking
import Providers
import ScoutModels
import TerminalUI

/// What `scout tui` was asked for, from its options and the process's configuration.
struct TUISettings: Sendable {
    let imageMode: ImageMode
    /// The Wikipedia languages, the first searched at start: those of `--lang` (else
    /// `SCOUT_WIKIPEDIA_LANG`), then the reader's from the environment; Ctrl-L moves through them.
    let languages: [String]
    var language: String { languages[0] }
    let booksServer: URL
    /// The source tab to start on; nil starts on the All tab (`--source all`, the default).
    let firstSource: SourceID?
    let configuration: ScoutConfiguration
    /// The app's words (`--ui-lang`, else the locale's).
    let messages: Messages

    init(scanner: inout ArgumentScanner, configuration: ScoutConfiguration) throws(UsageError) {
        if let images = try scanner.value(for: "--images") {
            guard let mode = ImageMode(argument: images) else {
                throw UsageError("--images takes kitty, blocks or none, not '\(images)'")
            }
            imageMode = mode
        } else {
            imageMode = configuration.imageMode
        }
        languages = try Self.languages(asked: try scanner.value(for: "--lang"), configuration: configuration)
        messages = Messages(try UILanguageOption.read(&scanner, configuration: configuration))
        let server =
            try scanner.value(for: "--books-server") ?? configuration.booksAPIAddress
            ?? BooksProvider.defaultBaseURL.absoluteString
        guard let url = BooksProvider.baseURL(parsing: server) else {
            throw UsageError("--books-server takes an http(s) address such as http://127.0.0.1:8080, not '\(server)'")
        }
        booksServer = url
        let source = try scanner.value(for: "--source") ?? Self.allSources
        guard source == Self.allSources || Self.sourceNames.map(\.rawValue).contains(source) else {
            throw UsageError("--source takes all, wikipedia, commons, flickr or books, not '\(source)'")
        }
        firstSource = source == Self.allSources ? nil : SourceID(rawValue: source)
        self.configuration = configuration
    }

    /// The most languages Ctrl-L moves through.
    static let maximumLanguages = 12

    /// `--lang`'s codes (one, or several separated by commas), else the configured one, then
    /// the reader's; a code that names no Wikipedia is a usage error.
    static func languages(asked: String?, configuration: ScoutConfiguration) throws(UsageError) -> [String] {
        let named = asked.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        for code in named ?? [configuration.wikipediaLanguage] where !WikipediaLanguages.contains(code) {
            throw UsageError(
                "\(named == nil ? "SCOUT_WIKIPEDIA_LANG" : "--lang") takes Wikipedia language codes such as en, de "
                    + "or zh-yue (several separated by commas: en,de,ja); '\(code)' is not one")
        }
        var languages: [String] = []
        for code in (named ?? [configuration.wikipediaLanguage]) + configuration.readerLanguages
        where !languages.contains(code) {
            languages.append(code)
        }
        return Array(languages.prefix(maximumLanguages))
    }

    /// The sources `--source` may name, in tab order — the All tab's sections' order too.
    static let sourceNames: [SourceID] = [.wikipedia, .commons, .flickr, .books]
    /// `--source`'s name of the All tab.
    static let allSources = "all"

    /// The configured sources, in tab order, with the one asked for first. Flickr is configured
    /// only with an API key (`FLICKR_API_KEY`); without one it has no tab.
    func sources() throws -> [TUISource] {
        let client = configuration.client()
        let template = configuration.wikipediaAPITemplate
        let wikipedia = try WikipediaProvider(client: client, language: language, apiTemplate: template)
        // Every language on the one client: one Wikimedia budget whatever Ctrl-L chose.
        for code in languages { _ = try WikipediaProvider(client: client, language: code, apiTemplate: template) }
        let books = try BooksProvider(client: client, baseURL: booksServer)
        var all = [
            TUISource(
                provider: wikipedia, related: nil, languages: languages,
                inLanguage: { code in try? WikipediaProvider(client: client, language: code, apiTemplate: template) })
        ]
        let commons = try CommonsProvider(client: client, apiAddress: configuration.commonsAPIAddress)
        all.append(TUISource(provider: commons, related: nil))
        if let flickr = try? FlickrProvider(
            client: client, apiKey: configuration.flickrAPIKey, apiAddress: configuration.flickrAPIAddress),
            flickr.isConfigured
        {
            all.append(TUISource(provider: flickr, related: nil))
        }
        all.append(
            TUISource(provider: books) { item in
                try await books.related(id: item.id).map { related in
                    RelatedEntry(item: related.item, reason: related.reason.isEmpty ? related.phrase : related.reason)
                }
            })
        guard let firstSource else { return all }
        guard all.contains(where: { $0.provider.source == firstSource }) else {
            throw UsageError("--source \(firstSource) is not configured (Flickr needs FLICKR_API_KEY)")
        }
        return all.filter { $0.provider.source == firstSource } + all.filter { $0.provider.source != firstSource }
    }

    /// Images come from public https hosts, plus the configured servers as written (the book
    /// server proxies covers; a Wikimedia mirror or a test fake stands in for upload.wikimedia.org).
    func imageLoader() -> ImageLoader {
        let trustedURLs = [booksServer, configuration.wikimediaUpload].compactMap(\.self)
        let trusted = trustedURLs.map(Self.origin(of:))
        let publicHTTPS = ImageFetchPolicy.publicHTTPS()
        let policy = ImageFetchPolicy(connectPolicy: .publicAddresses(trusting: trustedURLs)) { url in
            if trusted.contains(Self.origin(of: url)) { return true }
            return await publicHTTPS.allows(url)
        }
        var loader = ImageLoader.Configuration(userAgent: configuration.userAgent)
        loader.diskDirectory = configuration.cacheDirectory?.appending(path: "tui-images")
        return ImageLoader(configuration: loader, policy: policy, clock: configuration.clock)
    }

    private static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(url.port ?? (scheme == "http" ? 80 : 443))"
    }
}

/// A provider and, for books, how to find an item's related ones; for Wikipedia, its
/// languages and the provider of each.
struct TUISource: Sendable {
    let provider: any SearchProvider
    let related: RelatedLookup?
    /// The languages Ctrl-L moves through, the provider's first; nil for sources without.
    var languages: [String]? = nil
    /// The provider searching one of ``languages``.
    var inLanguage: (@Sendable (String) -> (any SearchProvider)?)? = nil
}

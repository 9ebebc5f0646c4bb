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
    let language: String
    let booksServer: URL
    let firstSource: SourceID
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
        language = try scanner.value(for: "--lang") ?? configuration.wikipediaLanguage
        messages = Messages(try UILanguageOption.read(&scanner, configuration: configuration))
        let server =
            try scanner.value(for: "--books-server") ?? configuration.booksAPIAddress
            ?? BooksProvider.defaultBaseURL.absoluteString
        guard let url = BooksProvider.baseURL(parsing: server) else {
            throw UsageError("--books-server takes an http(s) address such as http://127.0.0.1:8080, not '\(server)'")
        }
        booksServer = url
        let source = try scanner.value(for: "--source") ?? SourceID.wikipedia.rawValue
        guard Self.sourceNames.map(\.rawValue).contains(source) else {
            throw UsageError("--source takes wikipedia, commons, flickr or books, not '\(source)'")
        }
        firstSource = SourceID(rawValue: source)
        self.configuration = configuration
    }

    /// The sources `--source` may name, in tab order.
    static let sourceNames: [SourceID] = [.wikipedia, .commons, .flickr, .books]

    /// The configured sources, in tab order, with the one asked for first. Flickr is configured
    /// only with an API key (`FLICKR_API_KEY`); without one it has no tab.
    func sources() throws -> [TUISource] {
        let client = configuration.client()
        let wikipedia = try WikipediaProvider(
            client: client, language: language,
            apiTemplate: configuration.wikipediaAPITemplate)
        let books = try BooksProvider(client: client, baseURL: booksServer)
        var all = [TUISource(provider: wikipedia, related: nil)]
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
        return ImageLoader(configuration: loader, policy: policy)
    }

    private static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(url.port ?? (scheme == "http" ? 80 : 443))"
    }
}

/// A provider and, for books, how to find an item's related ones.
struct TUISource: Sendable {
    let provider: any SearchProvider
    let related: RelatedLookup?
}

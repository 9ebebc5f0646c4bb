import Foundation
import ImageLoading
import Networking
import Providers
import ScoutModels

/// Everything Scout's HTTP app needs to know, with defaults that work out of the box; read from
/// the environment by ``init(environment:)``.
///
/// ```swift
/// var configuration = ScoutServerConfiguration(environment: ProcessInfo.processInfo.environment)
/// configuration.wikipediaAPITemplate = fake.baseURL.absoluteString   // tests
/// ```
public struct ScoutServerConfiguration: Sendable {
    /// The MediaWiki API address; `{lang}` is replaced by ``wikipediaLanguage``.
    public var wikipediaAPITemplate: String
    public var wikipediaLanguage: String
    /// Where Wikimedia serves thumbnails; the image proxy fetches only from here (and from
    /// ``extraImageHosts``).
    public var wikimediaUploadBase: URL
    /// The Commons API address (`SCOUT_COMMONS_API`); the `commons` source is always offered.
    public var commonsAPIAddress: String
    /// The Flickr key (`FLICKR_API_KEY`); without one the `flickr` source is not offered.
    /// It goes only into Flickr requests: never into a page, a reply or a log line (T3).
    public var flickrAPIKey: FlickrAPIKey?
    /// The Flickr REST address (`SCOUT_FLICKR_API`).
    public var flickrAPIAddress: String
    /// Where Flickr serves photos; the image proxy fetches Flickr images only from here.
    public var flickrImageBase: URL
    /// Where book covers are fetched from (`/img/books…/`): the Goodreads image hosts.
    public var bookCoverOrigins: [ImageOrigin]
    /// Hosts the image proxy may also fetch from even though they are not public https hosts
    /// (`http://127.0.0.1:PORT` in tests, a local mirror) — never set from a request.
    public var extraImageHosts: [ImageAllowlist.Entry]
    /// The User-Agent of every upstream call.
    public var userAgent: String
    /// Where proxied images are cached on disk; nil keeps them in memory only.
    public var imageCacheDirectory: URL?
    /// How long one upstream search may take, retries included.
    public var upstreamDeadline: Duration
    /// How long a search result stays in the shared cache.
    public var searchCacheTimeToLive: Duration
    /// How long a search of the book catalog stays in the shared cache: short, since the
    /// catalog can change under a running server (an import) and searching it is cheap.
    public var localSearchCacheTimeToLive: Duration
    /// How many distinct searches the shared cache keeps.
    public var searchCacheCapacity: Int
    /// Each client (IP address) may search this often …
    public var clientRequestsPerSecond: Double
    /// … with bursts up to this many.
    public var clientBurst: Int
    /// How a request's client is told: by its peer address, or behind the proxies trusted
    /// here by the address they forward (`--trusted-proxy`, `SCOUT_TRUSTED_PROXIES`).
    public var clientAddress = ClientAddress()
    /// The fleet this instance belongs to (Redis, when configured: set by `scout serve`).
    public var fleet = FleetConfiguration()

    public init(environment: [String: String]) {
        wikipediaAPITemplate = environment["SCOUT_WIKIPEDIA_API"] ?? WikipediaProvider.defaultAPITemplate
        wikipediaLanguage = environment["SCOUT_WIKIPEDIA_LANG"] ?? "en"
        wikimediaUploadBase =
            environment["SCOUT_WIKIMEDIA_UPLOAD"].flatMap(URL.init(string:))
            ?? URL(string: "https://upload.wikimedia.org/")!
        commonsAPIAddress = Self.nonEmpty(environment["SCOUT_COMMONS_API"]) ?? CommonsProvider.defaultAPIAddress
        flickrAPIKey = FlickrAPIKey(environment: environment)
        flickrAPIAddress = Self.nonEmpty(environment["SCOUT_FLICKR_API"]) ?? FlickrProvider.defaultAPIAddress
        flickrImageBase = ImageOrigin.flickrBase
        bookCoverOrigins = ImageOrigin.goodreads()
        extraImageHosts = []
        userAgent = UserAgent.make(environment: environment)
        imageCacheDirectory = Self.cacheDirectory(environment: environment)
        upstreamDeadline = .seconds(3)
        searchCacheTimeToLive = .seconds(60)
        localSearchCacheTimeToLive = .seconds(5)
        searchCacheCapacity = 2048
        clientRequestsPerSecond = 10
        clientBurst = 30
    }

    private static func nonEmpty(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }

    /// `SCOUT_CACHE_DIR`, else `$XDG_CACHE_HOME/scout`, else `~/.cache/scout`.
    static func cacheDirectory(environment: [String: String]) -> URL? {
        if let explicit = environment["SCOUT_CACHE_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg, isDirectory: true).appending(path: "scout")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true).appending(path: ".cache/scout")
        }
        return nil
    }
}

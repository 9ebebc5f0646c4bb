import Foundation
import ImageLoading
import Networking
import Providers
import ScoutModels

/// Everything Scout's HTTP app needs to know, with defaults that work out of the box; `scout
/// serve` sets what its configuration read from the environment (the app never reads it).
///
/// ```swift
/// var configuration = ScoutServerConfiguration(clock: ContinuousClock())
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
    /// Where book covers are fetched from (`/img/books…/`): the Goodreads image hosts and Open
    /// Library's cover host.
    public var bookCoverOrigins: [ImageOrigin]
    /// Hosts the image proxy may also fetch from even though they are not public https hosts
    /// (`http://127.0.0.1:PORT` in tests, a local mirror) — never set from a request.
    public var extraImageHosts: [ImageAllowlist.Entry]
    /// The User-Agent of every upstream call.
    public var userAgent: String
    /// Where proxied images are cached on disk; nil keeps them in memory only.
    public var imageCacheDirectory: URL?
    /// The most bytes of images kept in memory. 0 keeps none: disk-cache hits are then sent
    /// from their files (mapped, never copied into the process), the kernel's page cache
    /// holding the bytes.
    public var imageMemoryCapacity: Int
    /// How long one upstream search may take, retries included.
    public var upstreamDeadline: Duration
    /// How long `/api/v1/multisearch` waits for its sources before it answers `timeout` for
    /// those still out and ends; nil: a second past ``upstreamDeadline``, so a source that times
    /// out upstream says so in its own words (504 `upstream_timeout`) first. On ``clock``.
    public var multisearchDeadline: Duration?
    /// How long a search result stays in the shared cache.
    public var searchCacheTimeToLive: Duration
    /// How long a search of the book catalog stays in the shared cache: short, since the
    /// catalog can change under a running server (an import, which every instance must show
    /// within 2 s) and searching it is cheap.
    public var localSearchCacheTimeToLive: Duration
    /// How many distinct searches the shared cache keeps.
    public var searchCacheCapacity: Int
    /// The app's time, the one clock everything in it reads: the search gateway's cache
    /// lifetimes, leases and polls and a reply's `tookMs`, the client buckets' refill, the
    /// upstream client's deadlines, retries and budgets (when the app makes the client), the
    /// image proxy's deadlines, the fleet's heartbeats, slot renewals and Redis backoff, and
    /// `/readyz`'s bound. `scout serve` passes the real clock; tests a `ManualClock`, so a
    /// cache expires or a backoff ends without a wait.
    public var clock: any Clock<Duration>
    /// Each client (IP address) may search this often …
    public var clientRequestsPerSecond: Double
    /// … with bursts up to this many. Other routes take their ``RouteCost`` of a search from
    /// the same bucket.
    public var clientBurst: Int
    /// How a request's client is told: by its peer address, or behind the proxies trusted
    /// here by the address they forward (`--trusted-proxy`, `SCOUT_TRUSTED_PROXIES`).
    public var clientAddress = ClientAddress()
    /// The fleet this instance belongs to (Redis, when configured: set by `scout serve`).
    public var fleet = FleetConfiguration()

    /// The defaults: the public upstreams, no Flickr key, no disk cache, the project's contact,
    /// on `clock` (the caller's choice: the real clock in `scout serve`, a manual one in tests).
    public init(clock: any Clock<Duration>) {
        self.clock = clock
        wikipediaAPITemplate = WikipediaProvider.defaultAPITemplate
        wikipediaLanguage = "en"
        wikimediaUploadBase = URL(string: "https://upload.wikimedia.org/")!
        commonsAPIAddress = CommonsProvider.defaultAPIAddress
        flickrAPIKey = nil
        flickrAPIAddress = FlickrProvider.defaultAPIAddress
        flickrImageBase = ImageOrigin.flickrBase
        bookCoverOrigins = ImageOrigin.goodreads() + [ImageOrigin.openLibraryCovers()]
        extraImageHosts = []
        userAgent = UserAgent.make(contact: nil)
        imageCacheDirectory = nil
        imageMemoryCapacity = 64 * 1_048_576
        upstreamDeadline = .seconds(3)
        searchCacheTimeToLive = .seconds(60)
        localSearchCacheTimeToLive = .milliseconds(500)
        searchCacheCapacity = 2048
        clientRequestsPerSecond = 10
        clientBurst = 30
    }
}

import Foundation
import Localization
import Networking
import Providers
import Redis
import ScoutServer
import TerminalUI

/// Everything one `scout` process is configured with, read from its environment here and only
/// here; each command's flags then override the fields they name (`--listen`, `--database`,
/// `--lang`, `--books-server`). Library modules never read the environment: they get these values.
///
/// A new setting is one field here, read in ``init(environment:)`` and listed in the README's
/// table (as the fleet's `SCOUT_REDIS` / `--redis` did).
///
/// ```swift
/// let configuration = ScoutConfiguration(environment: ["SCOUT_CONTACT": "ops@example.org"])
/// configuration.userAgent   // "Scout/0.1.0 (ops@example.org)"
/// ```
struct ScoutConfiguration: Sendable {
    /// Where `scout serve` listens (`SCOUT_LISTEN`; `--listen`).
    var listen = "127.0.0.1:8080"
    /// The book catalog, a path or a `postgres://` URL (`SCOUT_DATABASE`; `--database`), else
    /// `$XDG_DATA_HOME/scout/books.sqlite`, else `~/.local/share/scout/books.sqlite`.
    var database: String
    /// Whether ``database`` is the default path (no `SCOUT_DATABASE`).
    var isDefaultDatabase: Bool
    /// The catalog's password, kept out of its URL (`SCOUT_DATABASE_PASSWORD`;
    /// `--database-password-file` wins over it).
    var databasePassword: String?
    /// The fleet Redis's password, kept out of its URL (`SCOUT_REDIS_PASSWORD`;
    /// `--redis-password-file` wins over it).
    var redisPassword: String?
    /// The MediaWiki API address, `{lang}` standing for the language (`SCOUT_WIKIPEDIA_API`).
    var wikipediaAPITemplate = WikipediaProvider.defaultAPITemplate
    /// The Wikipedia language of `serve` and `tui` (`SCOUT_WIKIPEDIA_LANG`; `--lang`).
    var wikipediaLanguage = "en"
    /// The reader's languages as Wikipedia codes (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`):
    /// the languages `tui`'s Ctrl-L moves through after those of `--lang`.
    var readerLanguages: [String] = []
    /// Where Wikimedia thumbnails come from when not upload.wikimedia.org (`SCOUT_WIKIMEDIA_UPLOAD`).
    var wikimediaUpload: URL?
    /// The Commons API address (`SCOUT_COMMONS_API`).
    var commonsAPIAddress = CommonsProvider.defaultAPIAddress
    /// The Flickr REST address (`SCOUT_FLICKR_API`).
    var flickrAPIAddress = FlickrProvider.defaultAPIAddress
    /// The Flickr key (`FLICKR_API_KEY`); without one there is no Flickr source.
    var flickrAPIKey: FlickrAPIKey?
    /// Scout's own books API for `search books` and `tui` (`SCOUT_BOOKS_API`; `--books-server`).
    var booksAPIAddress: String?
    /// The User-Agent of every upstream call, with the contact in `SCOUT_CONTACT`.
    var userAgent: String
    /// Where images are cached (`SCOUT_CACHE_DIR`, else `$XDG_CACHE_HOME/scout`, else `~/.cache/scout`).
    var cacheDirectory: URL?
    /// Where a PostgreSQL catalog's search index file is kept (``BookCatalog/SearchIndexFile``):
    /// `search-index` in the cache folder. Deleting it only costs the next start a rebuild.
    var searchIndexDirectory: URL? { cacheDirectory?.appending(path: "search-index", directoryHint: .isDirectory) }
    /// The terminal's width when standard output does not say (`COLUMNS`).
    var columns: Int?
    /// The thumbnails the terminal announces (`TERM`, `KITTY_WINDOW_ID`, `COLORTERM`; `--images`).
    var imageMode: ImageMode
    /// Whether a link can open in a browser (`DISPLAY`, `WAYLAND_DISPLAY`).
    var hasDisplay: Bool
    /// The language of `tui`'s and `search`'s words for people (`LC_ALL`, `LC_MESSAGES`,
    /// `LANG`, `LANGUAGE`; `--ui-lang`), English when they name none Scout has.
    var interfaceLanguage: Language
    /// The Redis a fleet of `serve` shares (`SCOUT_REDIS`; `--redis`), parsed here so that its
    /// password never shows in a description; `serve` reports a bad one.
    var redis: Result<RedisURL, RedisError>?
    /// The proxies whose `X-Forwarded-For` names the client (`SCOUT_TRUSTED_PROXIES`;
    /// `--trusted-proxy`), as given: `serve` checks them.
    var trustedProxies: String?
    /// `SCOUT_MECAB_DICTIONARY`: the MeCab dictionary folder that reads Japanese texts, if not
    /// the one installed (``CatalogReadings``).
    var mecabDictionary: String?
    /// The fewest instances of `serve`'s fleet (`SCOUT_FLEET_SIZE`; `--fleet-size`), as given:
    /// `serve` checks it.
    var fleetSize: String?
    /// Memory for cached images in MiB (`SCOUT_IMAGE_MEMORY`; `--image-memory`), as given:
    /// `serve` checks it.
    var imageMemory: String?
    /// The one clock of every command: what waits, expires, is rationed or timed reads it. The
    /// real clock; nothing below the command line makes one of its own.
    var clock: any Clock<Duration> = ContinuousClock()

    /// Reads every variable Scout knows from `environment`; unset and empty ones keep the defaults.
    init(environment: [String: String]) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        listen = value("SCOUT_LISTEN") ?? listen
        let data = value("XDG_DATA_HOME") ?? environment["HOME"].map { $0 + "/.local/share" } ?? "."
        database = value("SCOUT_DATABASE") ?? data + "/scout/books.sqlite"
        isDefaultDatabase = value("SCOUT_DATABASE") == nil
        databasePassword = value("SCOUT_DATABASE_PASSWORD")
        redisPassword = value("SCOUT_REDIS_PASSWORD")
        wikipediaAPITemplate = value("SCOUT_WIKIPEDIA_API") ?? wikipediaAPITemplate
        wikipediaLanguage = value("SCOUT_WIKIPEDIA_LANG") ?? wikipediaLanguage
        readerLanguages = ReaderLanguages.codes(in: environment)
        wikimediaUpload = value("SCOUT_WIKIMEDIA_UPLOAD").flatMap(URL.init(string:))
        commonsAPIAddress = value("SCOUT_COMMONS_API") ?? commonsAPIAddress
        flickrAPIAddress = value("SCOUT_FLICKR_API") ?? flickrAPIAddress
        flickrAPIKey = environment["FLICKR_API_KEY"].flatMap(FlickrAPIKey.init)
        booksAPIAddress = value("SCOUT_BOOKS_API")
        userAgent = UserAgent.make(contact: value("SCOUT_CONTACT"))
        if let explicit = value("SCOUT_CACHE_DIR") {
            cacheDirectory = URL(fileURLWithPath: explicit, isDirectory: true)
        } else if let xdg = value("XDG_CACHE_HOME") {
            cacheDirectory = URL(fileURLWithPath: xdg, isDirectory: true).appending(path: "scout")
        } else {
            cacheDirectory = value("HOME").map {
                URL(fileURLWithPath: $0, isDirectory: true).appending(path: ".cache/scout")
            }
        }
        columns = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        imageMode = ImageMode.detect(
            term: environment["TERM"], colorTerm: environment["COLORTERM"],
            isKitty: environment["KITTY_WINDOW_ID"] != nil)
        hasDisplay = value("DISPLAY") != nil || value("WAYLAND_DISPLAY") != nil
        interfaceLanguage = LanguageNegotiation.preferred(environment: environment) ?? .english
        redis = value("SCOUT_REDIS").map { text in Result { () throws(RedisError) in try RedisURL(text) } }
        trustedProxies = value("SCOUT_TRUSTED_PROXIES")
        mecabDictionary = value("SCOUT_MECAB_DICTIONARY")
        fleetSize = value("SCOUT_FLEET_SIZE")
        imageMemory = value("SCOUT_IMAGE_MEMORY")
    }

    /// The catalog `--database` names, else ``database``.
    func database(explicit: String?) -> String {
        explicit.flatMap { $0.isEmpty ? nil : $0 } ?? database
    }

    /// `scout serve`'s app, configured from these values.
    var server: ScoutServerConfiguration {
        var server = ScoutServerConfiguration(clock: clock)
        server.wikipediaAPITemplate = wikipediaAPITemplate
        server.wikipediaLanguage = wikipediaLanguage
        if let wikimediaUpload { server.wikimediaUploadBase = wikimediaUpload }
        server.commonsAPIAddress = commonsAPIAddress
        server.flickrAPIKey = flickrAPIKey
        server.flickrAPIAddress = flickrAPIAddress
        server.userAgent = userAgent
        server.imageCacheDirectory = cacheDirectory
        return server
    }

    /// A client for upstream calls, with ``userAgent``, on ``clock``.
    func client() -> APIClient {
        APIClient(configuration: .init(userAgent: userAgent), clock: clock)
    }
}

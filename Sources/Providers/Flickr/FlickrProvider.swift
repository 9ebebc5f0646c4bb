import Foundation
import Networking
import ScoutModels

/// Photos from Flickr through `flickr.photos.search`, paged by page number. Needs an API key;
/// without one every search fails with a ``FlickrError`` that says where to get one. The key goes only into the request: errors, descriptions and logs never carry it (T3).
/// Flickr allows 3,600 calls per hour per key: the client's `flickr.com` host budget holds it.
///
/// Each result's title is the photo's title, its description "owner · licence", its thumbnail
/// the 150 px square, its link the photo page; ``ScoutModels/SearchItem/details`` hold `author`,
/// `license`, `owner` and `image` (a 640 px rendition).
///
/// ```swift
/// let flickr = try FlickrProvider(client: client, apiKey: FlickrAPIKey(key))
/// let page = try await flickr.search(try SearchQuery("bamboo"), cursor: nil, limit: 100)
/// ```
public struct FlickrProvider: SearchProvider {
    public let source = SourceID.flickr
    public let displayName = "Flickr"

    public let client: APIClient
    /// The REST endpoint, such as `https://api.flickr.com/services/rest/`.
    public let apiURL: URL
    /// The key; nil leaves the source unconfigured (every search says how to set one).
    public let apiKey: FlickrAPIKey?
    public let safeSearch: SafeSearch
    /// How long one call may take, retries included.
    public let deadline: Duration

    /// Flickr's REST endpoint; pass another address for a mirror or a test server.
    public static let defaultAPIAddress = "https://api.flickr.com/services/rest/"
    /// The most photos Flickr sends per page.
    public static let maxPerPage = 500
    /// Flickr serves at most this many results of one search; pages beyond repeat the last ones.
    public static let maxResults = 4_000

    /// Flickr's `safe_search` levels.
    public enum SafeSearch: Int, Sendable {
        /// Safe photos only (the default).
        case safe = 1
        /// Safe and moderate photos.
        case moderate = 2
        /// Every photo.
        case restricted = 3
    }

    /// - Parameters:
    ///   - apiKey: nil when no key is configured; searches then fail with ``FlickrError/Kind/missingKey``.
    ///   - apiAddress: the `http(s)` address of the REST endpoint.
    public init(
        client: APIClient, apiKey: FlickrAPIKey?, apiAddress: String = defaultAPIAddress,
        safeSearch: SafeSearch = .safe, deadline: Duration = .seconds(3)
    ) throws(FlickrConfigurationError) {
        guard let url = URL(string: apiAddress), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme), url.host?.isEmpty == false, url.query == nil
        else { throw .invalidAPIAddress(apiAddress) }
        self.client = client
        self.apiURL = url
        self.apiKey = apiKey
        self.safeSearch = safeSearch
        self.deadline = deadline
    }

    /// Whether a key is set (a front end may hide the source otherwise).
    public var isConfigured: Bool { apiKey != nil }

    /// One page of photos; `cursor` is a page number (nil: page 1), `limit` is clamped to 1…500.
    /// The last page — by `pages`, or Flickr's 4,000-result ceiling — has no `nextCursor`.
    public func search(_ query: SearchQuery, cursor: SearchCursor?, limit: Int) async throws -> SearchPage {
        guard let apiKey else { throw FlickrError(.missingKey) }
        guard !query.isEmpty else { return SearchPage(items: [], nextCursor: nil) }
        let page = cursor.flatMap { Self.page($0.rawValue) } ?? 1
        let perPage = min(max(limit, 1), Self.maxPerPage)
        let reply: FlickrSearchResponse.Photos
        do {
            reply = try await client.send(searchEndpoint(query, page: page, perPage: perPage, key: apiKey))
        } catch let error as APIError {
            let failure = FlickrError(error, redacting: apiKey)
            // Flickr refuses text in which it finds no word to search (code 3: "°", "&&"): for
            // the person who typed it that is a search without results, not Flickr failing.
            if failure.kind == .flickr(code: 3) { return SearchPage(items: [], nextCursor: nil, total: 0) }
            throw failure
        }
        let pages = reply.pages ?? reply.total.map { ($0 + perPage - 1) / perPage } ?? page
        let hasMore = page < pages && page * perPage < Self.maxResults && !reply.photo.isEmpty
        return SearchPage(
            items: reply.photo.compactMap(item(for:)), nextCursor: hasMore ? SearchCursor(String(page + 1)) : nil,
            total: reply.total)
    }

    /// A page number in decimal, `1` being the first page (see ``ScoutModels/CursorReading``);
    /// no page lies past ``maxResults`` (one result a page at the least).
    public func readCursor(_ text: String) -> CursorReading {
        guard let page = Self.page(text) else { return .invalid }
        return page == 1 ? .firstPage : .page(SearchCursor(String(page)))
    }

    /// The page a cursor's text names; nil when it is not one this provider writes.
    static func page(_ text: String) -> Int? { CursorReading.number(text, in: 1...maxResults) }
}

/// Why a ``FlickrProvider`` could not be set up.
public enum FlickrConfigurationError: Error, Equatable, CustomStringConvertible {
    case invalidAPIAddress(String)

    public var description: String {
        switch self {
        case .invalidAPIAddress(let address):
            "'\(address)' is not an http(s) address for the Flickr API; give the address of its REST endpoint, such as "
                + "https://api.flickr.com/services/rest/"
        }
    }
}

/// One source as the results page shows it: a tab, or a disabled tab with a hint when the
/// server is not set up for it. Mirrors an entry of `GET /api/v1/sources`.
///
/// ```swift
/// PageSource(id: "wikipedia", name: "Wikipedia")
/// PageSource(id: "flickr", name: "Flickr", isConfigured: false, message: "Set FLICKR_API_KEY to search Flickr.")
/// ```
public struct PageSource: Sendable, Hashable {
    /// The `source` parameter (`wikipedia`).
    public var id: String
    /// The name people see (`Wikipedia`).
    public var name: String
    /// False when searching it needs setting up first; ``message`` says how.
    public var isConfigured: Bool
    /// How to set it up, shown as the disabled tab's hint.
    public var message: String?

    public init(id: String, name: String, isConfigured: Bool = true, message: String? = nil) {
        self.id = id
        self.name = name
        self.isConfigured = isConfigured
        self.message = message
    }
}

/// A result row: the fields of an item of `GET /api/v1/search`, as plain text. The renderer
/// escapes every one; links that are not http(s) are shown as text, not as links.
///
/// ```swift
/// PageItem(id: "1", title: "Zürich", description: "Largest city in Switzerland",
///          thumbnail: PageThumbnail(url: "/img/wikipedia/abc", width: 120, height: 90),
///          link: "https://en.wikipedia.org/wiki/Z%C3%BCrich")
/// ```
public struct PageItem: Sendable, Hashable {
    public var id: String
    public var title: String
    public var description: String?
    public var thumbnail: PageThumbnail?
    /// Where the row leads; only `http`/`https` links become links.
    public var link: String
    /// The BCP 47 tag of the title's language (``ScoutModels/SearchItem/language``), the row's `lang`.
    public var language: String?

    public init(
        id: String, title: String, description: String?, thumbnail: PageThumbnail?, link: String,
        language: String? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.thumbnail = thumbnail
        self.link = link
        self.language = language
    }
}

/// A row's picture: a path on this server (`/img/…`) or an http(s) URL, with its size when known.
public struct PageThumbnail: Sendable, Hashable {
    public var url: String
    public var width: Int?
    public var height: Int?

    public init(url: String, width: Int?, height: Int?) {
        self.url = url
        self.width = width
        self.height = height
    }
}

/// What the search on a results page came to.
///
/// ```swift
/// .start                                                        // no query: the form alone
/// .results(items: items, next: "prefix:20", suggestion: nil)    // a page, and a "More results" link
/// .results(items: [], next: nil, suggestion: "zurich")          // empty, with "Did you mean zurich?"
/// .failure(message: "Wikipedia did not answer within 3 s.", retryAfter: nil)
/// ```
public enum PageOutcome: Sendable, Hashable {
    /// Nothing searched yet (an empty query).
    case start
    /// A page of results; `next` is the cursor of the following page (nil on the last), and
    /// `suggestion` the source's "did you mean", offered when `items` is empty.
    case results(items: [PageItem], next: String?, suggestion: String?)
    /// The search failed; `message` is the sentence for people (the API error's `message`),
    /// `retryAfter` the seconds to wait when the API said so.
    case failure(message: String, retryAfter: Int?)
    /// The All page: every source's first results, a section each, in the page's order.
    case sections([PageSection])
}

/// One source's section of the All page rendered on the server: its first few results, or the
/// sentence of its failure (a late source's says it did not answer in time).
///
/// ```swift
/// PageSection(source: "books", name: "Books", items: items, failure: nil)
/// PageSection(source: "commons", name: "Wikimedia Commons", items: [], failure: "Wikimedia Commons is unavailable right now.")
/// ```
public struct PageSection: Sendable, Hashable {
    public let source: String
    public let name: String
    public let items: [PageItem]
    public let failure: String?

    public init(source: String, name: String, items: [PageItem], failure: String?) {
        self.source = source
        self.name = name
        self.items = items
        self.failure = failure
    }
}

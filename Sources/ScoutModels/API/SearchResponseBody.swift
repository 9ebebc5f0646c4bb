import Foundation

/// The body of `GET /api/v1/search`: one page of results in Scout's own JSON shape.
///
/// ```json
/// {"query":"zür","source":"wikipedia","items":[…],"next":"prefix:20","suggestion":null,
///  "tookMs":12,"cached":false}
/// ```
public struct SearchResponseBody: Codable, Sendable, Equatable {
    /// One result row.
    public struct Item: Codable, Sendable, Equatable {
        public let id: String
        public let title: String
        @ExplicitNull public var description: String?
        /// Points at Scout's own `/img/…`, never at a third party; null when there is none.
        @ExplicitNull public var thumbnail: Thumbnail?
        public let link: URL
        /// The parts of the title the query matched (books); absent when the source does not say.
        public var titleMatches: [TextSpan]?
        /// The BCP 47 tag of the language the title and description are in (``SearchItem/language``);
        /// absent when the source does not know it.
        public var lang: String?

        public init(
            id: String, title: String, description: String?, thumbnail: Thumbnail?, link: URL,
            titleMatches: [TextSpan]? = nil, lang: String? = nil
        ) {
            self.id = id
            self.title = title
            self.description = description
            self.thumbnail = thumbnail
            self.link = link
            self.titleMatches = titleMatches
            self.lang = lang
        }
    }

    /// A proxied thumbnail.
    public struct Thumbnail: Codable, Sendable, Hashable {
        public let url: String
        @ExplicitNull public var width: Int?
        @ExplicitNull public var height: Int?

        public init(url: String, width: Int?, height: Int?) {
            self.url = url
            self.width = width
            self.height = height
        }
    }

    /// The normalized query the results are for.
    public let query: String
    public let source: SourceID
    public let items: [Item]
    /// The cursor of the next page; null on the last.
    @ExplicitNull public var next: String?
    /// How many results match in all (Typesense's name for it), when the source says: books do.
    @ExplicitNull public var found: Int?
    /// The typed words no result holds, when none holds every word and these are the closest
    /// matches (books); null when every result matches every word.
    @ExplicitNull public var missingWords: [String]?
    @ExplicitNull public var suggestion: String?
    /// Milliseconds the server spent (0 when served from its cache).
    public let tookMs: Int
    public let cached: Bool

    public init(
        query: String, source: SourceID, items: [Item], next: String?, suggestion: String?, tookMs: Int,
        cached: Bool, found: Int? = nil, missingWords: [String]? = nil
    ) {
        self.found = found
        self.missingWords = missingWords
        self.query = query
        self.source = source
        self.items = items
        self.next = next
        self.suggestion = suggestion
        self.tookMs = tookMs
        self.cached = cached
    }
}

/// The body of `GET /api/v1/sources`.
public struct SourcesResponseBody: Codable, Sendable, Equatable {
    /// One source a person can search.
    public struct Source: Codable, Sendable, Equatable {
        public let id: SourceID
        /// The name people read ("Wikipedia").
        public let name: String
        /// `articles`, `photos` or `books`: how front ends lay results out.
        public let kind: String
        /// False when the source needs set-up (an API key) before it can be searched.
        public let configured: Bool
        /// When not configured: what to do about it.
        @ExplicitNull public var message: String?
        /// Wikipedia only: the language searched when a search names none (`en`).
        public var language: String?
        /// Wikipedia only: every language code a search's `lang` may name.
        public var languages: [String]?

        public init(
            id: SourceID, name: String, kind: String, configured: Bool, message: String?, language: String? = nil,
            languages: [String]? = nil
        ) {
            self.id = id
            self.name = name
            self.kind = kind
            self.configured = configured
            self.message = message
            self.language = language
            self.languages = languages
        }
    }

    public let sources: [Source]

    public init(sources: [Source]) { self.sources = sources }
}

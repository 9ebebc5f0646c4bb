import Foundation

/// One search result, whatever its source: what every front end shows in a row or a tile.
///
/// ```swift
/// SearchItem(id: "534366", title: "Barack Obama", description: "President of the United States",
///            thumbnail: nil, link: URL(string: "https://en.wikipedia.org/wiki/Barack_Obama")!,
///            source: .wikipedia)
/// ```
public struct SearchItem: Hashable, Sendable, Codable, Identifiable {
    /// Stable within its source (a page id, a photo id, a book id).
    public let id: String
    /// Plain text, never HTML.
    public let title: String
    /// One line of plain text, when the source has one.
    public let description: String?
    public let thumbnail: Thumbnail?
    /// Where opening the item leads.
    public let link: URL
    public let source: SourceID
    /// Source-specific facts shown with the item (author, licence, year, rating …).
    public let details: [String: String]
    /// The parts of the title the query matched, when the source says (books do); front ends
    /// highlight these rather than guessing.
    public var titleMatches: [TextSpan]?

    public init(
        id: String, title: String, description: String?, thumbnail: Thumbnail?, link: URL, source: SourceID,
        details: [String: String] = [:], titleMatches: [TextSpan]? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.thumbnail = thumbnail
        self.link = link
        self.source = source
        self.details = details
        self.titleMatches = titleMatches
    }
}

extension SearchItem {
    /// The key of ``details`` that holds the item's language: kept with the other facts, so
    /// every cache and codec that carries an item carries it unchanged.
    public static let languageDetail = "lang"

    /// The BCP 47 tag of the language the item's title and description are in (`ja`, `de`),
    /// when its source knows it — a wiki's language, a book's — or its script shows it
    /// (``ScriptLanguage``); nil otherwise. Front ends mark the result with it, so screen
    /// readers and fonts treat it as that language.
    public var language: String? { details[Self.languageDetail] }

    /// `details` with the language set, when there is one: for a provider building an item.
    ///
    /// ```swift
    /// SearchItem.details(["year": "1987"], language: ScriptLanguage.guess("ノルウェイの森"))   // ["year": "1987", "lang": "ja"]
    /// ```
    public static func details(_ details: [String: String] = [:], language: String?) -> [String: String] {
        var details = details
        if let language, !language.isEmpty { details[languageDetail] = language }
        return details
    }
}

/// A small image for a result, with its size in pixels when known.
public struct Thumbnail: Hashable, Sendable, Codable {
    public let url: URL
    public let width: Int?
    public let height: Int?

    public init(url: URL, width: Int?, height: Int?) {
        self.url = url
        self.width = width
        self.height = height
    }
}

/// One page of results.
public struct SearchPage: Hashable, Sendable, Codable {
    public let items: [SearchItem]
    /// Where the next page starts; nil when this is the last.
    public let nextCursor: SearchCursor?
    /// The source's "did you mean", when it has one.
    public let suggestion: String?
    /// The total number of matches, when the source reports it.
    public let total: Int?
    /// The typed words no result holds, when none holds every word and these are the closest
    /// matches (books); nil when every result matches every word.
    public let missingWords: [String]?

    public init(
        items: [SearchItem], nextCursor: SearchCursor?, suggestion: String? = nil, total: Int? = nil,
        missingWords: [String]? = nil
    ) {
        self.missingWords = missingWords
        self.items = items
        self.nextCursor = nextCursor
        self.suggestion = suggestion
        self.total = total
    }

    public var hasMore: Bool { nextCursor != nil }
}

/// An opaque position in a source's results; only the provider that made it reads it.
public struct SearchCursor: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}

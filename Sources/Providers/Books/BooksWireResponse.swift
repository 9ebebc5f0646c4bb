import ScoutModels

/// A book as Scout's books API sends it (`/api/v1/books/…`). Only id and title are required;
/// a malformed optional part is dropped, not the book (SECURITY.md T6). It stops at the
/// provider: everything past it sees `SearchItem`.
struct WireBook: Decodable {
    struct Series: Decodable {
        let name: String
        let number: Double?
    }

    let id: Int64
    let title: String
    let series: Series?
    let authors: [String]
    let year: Int?
    let averageRating: Double?
    /// The catalog's language code (`eng`, `en-US`), when it has one.
    let language: String?
    let ratingsCount: Int?
    /// A path on the book server (`/img/books/…`), or an absolute URL.
    let cover: String?
    /// Search results only: the matched parts of the title, checked to lie inside it.
    let titleMatches: [TextSpan]?

    struct Matches: Decodable {
        let title: [TextSpan]
    }

    enum CodingKeys: String, CodingKey {
        case id, title, series, authors, year, averageRating, language, ratingsCount, cover, matches
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(FlexibleInt.self, forKey: .id).int64
        title = try container.decode(String.self, forKey: .title)
        series = try? container.decodeIfPresent(Series.self, forKey: .series)
        authors = ((try? container.decodeIfPresent([Lossy<String>].self, forKey: .authors)) ?? []).compactMap(\.value)
        year = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .year))?.value
        averageRating = try? container.decodeIfPresent(Double.self, forKey: .averageRating)
        language = (try? container.decodeIfPresent(String.self, forKey: .language)) ?? nil
        ratingsCount = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .ratingsCount))?.value
        cover = try? container.decodeIfPresent(String.self, forKey: .cover)
        let spans = (try? container.decodeIfPresent(Matches.self, forKey: .matches))?.title ?? []
        let length = title.utf16.count
        let isValid = zip([TextSpan(start: 0, end: 0)] + spans, spans).allSatisfy { previous, span in
            previous.end <= span.start && span.start < span.end && span.end <= length
        }
        titleMatches = isValid && !spans.isEmpty ? spans : nil
    }
}

/// The body of `GET /api/v1/books/search`.
struct BookSearchReply: Decodable {
    let items: [WireBook]
    let next: String?
    /// How many books match in all; nil from a server that does not say.
    let found: Int?
    /// The typed words no book holds, when the items are the closest matches.
    let missingWords: [String]?
    /// The server's "did you mean".
    let suggestion: String?

    enum CodingKeys: String, CodingKey { case items, next, found, missingWords, suggestion }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([Lossy<WireBook>].self, forKey: .items).compactMap(\.value)
        next = try? container.decodeIfPresent(String.self, forKey: .next)
        let found = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .found))?.value
        self.found = found.map { max($0, 0) }
        let missingWords = (try? container.decodeIfPresent([String].self, forKey: .missingWords)) ?? nil
        self.missingWords = missingWords?.isEmpty == false ? missingWords : nil
        let suggestion = (try? container.decodeIfPresent(String.self, forKey: .suggestion)) ?? nil
        self.suggestion = suggestion?.isEmpty == false ? suggestion : nil
    }
}

/// The body of `GET /api/v1/books/{id}/related`.
struct RelatedReply: Decodable {
    struct Entry: Decodable {
        let kind: String
        let phrase: String?
        let reason: String?
        let book: WireBook
    }

    let related: [Entry]

    enum CodingKeys: String, CodingKey { case related }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        related = try container.decode([Lossy<Entry>].self, forKey: .related).compactMap(\.value)
    }
}

extension FlexibleInt {
    /// The value as a book id.
    var int64: Int64 { Int64(value) }
}

import Foundation

extension Book: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, source, sourceID, title, series, seriesName, seriesNumber, alternateTitles, authors, year, isbn10,
            isbn13, language
        case averageRating, ratingsCount, coverURL, smallCoverURL, tags, description, sourceURL, textReadings
    }

    /// Reads a book as ``encode(to:)`` writes it; without `series`, from the single-series
    /// fields `seriesName` and `seriesNumber` that books were written with before; without
    /// `alternateTitles` (books written before there were any), with none.
    ///
    /// ```swift
    /// let book = try JSONDecoder().decode(Book.self, from: Data(#"{"id":0,"source":"m","sourceID":"1","title":"Dune","authors":[],"tags":[]}"#.utf8))
    /// ```
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id),
            source: try container.decode(String.self, forKey: .source),
            sourceID: try container.decode(String.self, forKey: .sourceID),
            title: try container.decode(String.self, forKey: .title),
            seriesName: try container.decodeIfPresent(String.self, forKey: .seriesName),
            seriesNumber: try container.decodeIfPresent(Double.self, forKey: .seriesNumber),
            series: try container.decodeIfPresent([SeriesMembership].self, forKey: .series) ?? [],
            alternateTitles: try container.decodeIfPresent([String].self, forKey: .alternateTitles) ?? [],
            authors: try container.decode([String].self, forKey: .authors),
            year: try container.decodeIfPresent(Int.self, forKey: .year),
            isbn10: try container.decodeIfPresent(String.self, forKey: .isbn10),
            isbn13: try container.decodeIfPresent(String.self, forKey: .isbn13),
            language: try container.decodeIfPresent(String.self, forKey: .language),
            averageRating: try container.decodeIfPresent(Double.self, forKey: .averageRating),
            ratingsCount: try container.decodeIfPresent(Int.self, forKey: .ratingsCount),
            coverURL: try container.decodeIfPresent(URL.self, forKey: .coverURL),
            smallCoverURL: try container.decodeIfPresent(URL.self, forKey: .smallCoverURL),
            tags: try container.decode([String].self, forKey: .tags),
            description: try container.decodeIfPresent(String.self, forKey: .description),
            sourceURL: try container.decodeIfPresent(URL.self, forKey: .sourceURL),
            textReadings: try container.decodeIfPresent([String: String].self, forKey: .textReadings) ?? [:])
    }

    /// Writes every field, absent optionals left out: `series` with every membership, and
    /// `seriesName` and `seriesNumber` for the first, as readers of the single-series shape
    /// (`scout books search --json` consumers) expect.
    ///
    /// ```swift
    /// let json = try JSONEncoder().encode(book)
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(source, forKey: .source)
        try container.encode(sourceID, forKey: .sourceID)
        try container.encode(title, forKey: .title)
        try container.encode(series, forKey: .series)
        try container.encodeIfPresent(seriesName, forKey: .seriesName)
        try container.encodeIfPresent(seriesNumber, forKey: .seriesNumber)
        try container.encode(alternateTitles, forKey: .alternateTitles)
        try container.encode(authors, forKey: .authors)
        try container.encodeIfPresent(year, forKey: .year)
        try container.encodeIfPresent(isbn10, forKey: .isbn10)
        try container.encodeIfPresent(isbn13, forKey: .isbn13)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(averageRating, forKey: .averageRating)
        try container.encodeIfPresent(ratingsCount, forKey: .ratingsCount)
        try container.encodeIfPresent(coverURL, forKey: .coverURL)
        try container.encodeIfPresent(smallCoverURL, forKey: .smallCoverURL)
        try container.encode(tags, forKey: .tags)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(sourceURL, forKey: .sourceURL)
        if !textReadings.isEmpty { try container.encode(textReadings, forKey: .textReadings) }
    }
}

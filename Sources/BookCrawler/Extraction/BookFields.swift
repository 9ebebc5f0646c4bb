import Foundation

/// What one markup format on a page says about its book; nil (or empty) where it says nothing.
///
/// The extractor reads JSON-LD, microdata and Open Graph into one value each and merges them
/// field by field, the more precise format first:
///
/// ```swift
/// let merged = jsonLD.filling(from: microdata).filling(from: openGraph)
/// ```
struct BookFields: Sendable, Equatable {
    var title: String?
    var authors: [String] = []
    var isbn10: String?
    var isbn13: String?
    var seriesName: String?
    var seriesNumber: Double?
    var averageRating: Double?
    var ratingsCount: Int?
    var coverURL: URL?
    var language: String?
    var year: Int?
    var description: String?
    /// The book's own address as the page states it (JSON-LD `url`, `og:url` …).
    var url: URL?

    /// These fields, each missing one taken from `other`.
    func filling(from other: BookFields) -> BookFields {
        BookFields(
            title: title ?? other.title, authors: authors.isEmpty ? other.authors : authors,
            isbn10: isbn10 ?? other.isbn10, isbn13: isbn13 ?? other.isbn13,
            seriesName: seriesName ?? other.seriesName,
            // A position belongs to its series; take the other's only with its series or none.
            seriesNumber: seriesNumber
                ?? (seriesName == nil || seriesName == other.seriesName ? other.seriesNumber : nil),
            averageRating: averageRating ?? other.averageRating, ratingsCount: ratingsCount ?? other.ratingsCount,
            coverURL: coverURL ?? other.coverURL, language: language ?? other.language, year: year ?? other.year,
            description: description ?? other.description, url: url ?? other.url)
    }

    /// Sets ``isbn10`` or ``isbn13`` from `text` when it reads as an ISBN.
    mutating func setISBN(_ text: String?) {
        guard let text, let isbn = FieldText.isbn(text) else { return }
        if isbn.count == 13 {
            isbn13 = isbn13 ?? isbn
        } else {
            isbn10 = isbn10 ?? isbn
        }
    }

    /// Sets the rating from a value, a count and the scale's top (`bestRating`, 5 when absent).
    mutating func setRating(value: Double?, count: Double?, best: Double?) {
        if let value, value > 0 {
            let scale = (best ?? 5) > 0 ? (best ?? 5) : 5
            averageRating = min(5, value * 5 / scale)
        }
        if let count, count >= 0, count < Double(Int.max) { ratingsCount = Int(count) }
    }

    /// Adds authors, dropping blanks and repeats.
    mutating func addAuthors(_ names: [String]) {
        for name in names.compactMap(FieldText.clean) where !authors.contains(name) {
            authors.append(name)
        }
    }
}

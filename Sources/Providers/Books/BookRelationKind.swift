import ScoutModels

/// Why two books are related, as Scout's books API names it (`sameSeries`, `sameAuthor`, …).
/// Open-ended: a kind a newer server adds arrives as itself rather than failing the reply.
///
/// ```swift
/// let sequels = try await books.related(id: id, kind: .sameSeries)
/// BookRelationKind.alsoEnjoyed.rawValue   // "alsoEnjoyed"
/// ```
public struct BookRelationKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Both books belong to the same series.
    public static let sameSeries = BookRelationKind(rawValue: "sameSeries")
    /// The books share an author.
    public static let sameAuthor = BookRelationKind(rawValue: "sameAuthor")
    /// Readers who liked one also liked the other.
    public static let alsoEnjoyed = BookRelationKind(rawValue: "alsoEnjoyed")
    /// The books carry many of the same tags.
    public static let similarTags = BookRelationKind(rawValue: "similarTags")
    /// The catalog's source lists the other book as similar.
    public static let listedSimilar = BookRelationKind(rawValue: "listedSimilar")

    public var description: String { rawValue }
}

/// One related book: the relation's kind, how people read it ("same series"), why it holds
/// ("same series: The Hunger Games #2"), and the book as a result row.
///
/// ```swift
/// print("\(related.phrase): \(related.item.title) — \(related.reason)")
/// ```
public struct RelatedBookItem: Hashable, Sendable {
    public let kind: BookRelationKind
    /// The kind in words, such as `"readers also enjoyed"`.
    public let phrase: String
    /// Why these two books are related, such as `"same author: Suzanne Collins"`.
    public let reason: String
    /// The related book.
    public let item: SearchItem

    public init(kind: BookRelationKind, phrase: String, reason: String, item: SearchItem) {
        self.kind = kind
        self.phrase = phrase
        self.reason = reason
        self.item = item
    }
}

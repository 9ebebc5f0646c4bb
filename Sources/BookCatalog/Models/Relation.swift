/// A directed link from one book to another, with why it holds and how strongly.
///
/// ```swift
/// let next = Relation(kind: .sameSeries, from: hungerGames.id, to: catchingFire.id, score: 1,
///                     reason: "same series: The Hunger Games #2")
/// ```
public struct Relation: Sendable, Hashable, Codable {
    /// Why two books are related.
    ///
    /// ```swift
    /// Relation.Kind.sameAuthor.rawValue  // "sameAuthor"
    /// ```
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Both books belong to the same series.
        case sameSeries
        /// The books share an author.
        case sameAuthor
        /// Readers who liked one also liked the other.
        case alsoEnjoyed
        /// The books carry many of the same tags.
        case similarTags
        /// The source lists the other book as similar.
        case listedSimilar
    }

    /// Why the books are related.
    public var kind: Kind
    /// The book the relation starts from (a ``Book/id``).
    public var from: Int64
    /// The related book (a ``Book/id``).
    public var to: Int64
    /// How strong the relation is; higher is stronger, comparable within one ``kind``. For
    /// ``Kind/sameSeries`` it is the target's place in series order, earlier higher (see
    /// ``RelationBuilder/seriesScore(position:)``), so listing by score lists the series.
    public var score: Double
    /// A short human-readable reason, such as `"same author: Suzanne Collins"` or
    /// `"same series: The Hunger Games #2"`.
    public var reason: String

    /// Makes a relation:
    /// `Relation(kind: .sameAuthor, from: 1, to: 2, score: 0.8, reason: "same author: Suzanne Collins")`.
    public init(kind: Kind, from: Int64, to: Int64, score: Double, reason: String) {
        self.kind = kind
        self.from = from
        self.to = to
        self.score = score
        self.reason = reason
    }
}

extension Relation.Kind {
    /// How the RecommendBook `/map` API words the kind, such as `"same series"` or
    /// `"readers also enjoyed"`.
    ///
    /// ```swift
    /// Relation.Kind.alsoEnjoyed.phrase  // "readers also enjoyed"
    /// ```
    public var phrase: String {
        switch self {
        case .sameSeries: "same series"
        case .sameAuthor: "same author"
        case .alsoEnjoyed: "readers also enjoyed"
        case .similarTags: "similar tags"
        case .listedSimilar: "listed as similar"
        }
    }
}

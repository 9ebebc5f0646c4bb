import Foundation

/// Derives ``Relation``s from the catalog: pure logic over books, reader picks and links, no I/O.
///
/// - ``Relation/Kind/sameSeries``: books whose series names match once case, diacritics and
///   spacing are folded, every series of a book. The whole series, in series order; see
///   ``sameSeries(among:from:)``.
/// - ``Relation/Kind/sameAuthor``: books with the same (folded) first author that share no
///   series, scored by the target's ratings count on a log scale, 0…1 over the catalog.
/// - ``Relation/Kind/similarTags``: TF-IDF cosine similarity of tags; see
///   ``similarTags(among:from:)``.
/// - ``Relation/Kind/alsoEnjoyed``: co-occurrence of high ratings; see
///   ``alsoEnjoyed(picks:among:from:)``.
/// - ``Relation/Kind/listedSimilar``: a page's "similar books" links that lead to stored books.
///
/// Each book keeps its ``limit`` strongest relations per kind but same series, which keeps the
/// whole series (up to ``maximumSeriesRelations``); ties go to the target with more ratings,
/// then to the lower id, so the output is deterministic. Books need their store ids
/// (``Book/id``); a book is never related to itself.
///
/// ```swift
/// let relations = RelationBuilder(limit: 10).relations(among: try await store.allBooks())
/// ```
public struct RelationBuilder: Sendable, Hashable {
    /// The kinds this builder produces: all of them.
    public static let kinds = Set(Relation.Kind.allCases)

    /// How many relations each book keeps per kind but same series (at least 0).
    public var limit: Int
    /// How many readers must love both books for an "also enjoyed" relation.
    public var minimumSupport: Int
    /// The most postings entries one book visits over all its tags (see
    /// ``maximumTagVisitsPerBook``, the default and what a store's rebuild uses).
    public var tagVisitsPerBook: Int

    /// Makes a builder keeping the `limit` strongest relations per book and kind:
    /// `RelationBuilder(limit: 10)`.
    public init(limit: Int = 10, minimumSupport: Int = 2, tagVisitsPerBook: Int = Self.maximumTagVisitsPerBook) {
        self.limit = max(limit, 0)
        self.minimumSupport = max(minimumSupport, 1)
        self.tagVisitsPerBook = max(tagVisitsPerBook, 0)
    }

    /// Every relation among `books`, from `sources` only when given (the others are not
    /// computed): same series, same author, similar tags, also enjoyed from `picks`, and listed
    /// similar from `links`. One chunk, on the calling thread; a store's rebuild uses
    /// ``relations(among:picks:links:from:chunkSize:)``, which reads less and runs in parallel.
    ///
    /// ```swift
    /// let relations = RelationBuilder().relations(among: books, picks: picks, links: links)
    /// ```
    public func relations(
        among books: [Book], picks: [ReaderPick] = [], links: [OutgoingLink] = [], from sources: Set<Int64>? = nil
    ) -> [Relation] {
        let catalog = RelationCatalog(books.map(RelationSubject.init))
        let reading = CoReading(picks: picks, catalog: catalog)
        return relations(
            in: catalog, links: links, from: sources,
            similarTags: similarTags(in: catalog, at: catalog.sourcePositions(sources)[...]).relations,
            alsoEnjoyed: alsoEnjoyed(reading, in: catalog, at: reading.sourcePositions(sources, in: catalog)[...]))
    }

    /// ``relations(among:picks:links:from:)`` for what a store reads (``RelationSubject``s),
    /// the catalog grouped once and the per-book work of similar tags and also enjoyed split
    /// into chunks of `chunkSize` books (by default a few per core) run concurrently. The
    /// output is the same, in the same order, whatever the chunking.
    ///
    /// ```swift
    /// let relations = await RelationBuilder().relations(among: try await store.relationSubjects())
    /// ```
    public func relations(
        among subjects: [RelationSubject], picks: [ReaderPick] = [], links: [OutgoingLink] = [],
        from sources: Set<Int64>? = nil, chunkSize: Int? = nil
    ) async -> [Relation] {
        await relations(in: RelationCatalog(subjects), picks: picks, links: links, from: sources, chunkSize: chunkSize)
    }

    /// ``relations(among:picks:links:from:chunkSize:)`` over a catalog already grouped.
    func relations(
        in catalog: RelationCatalog, picks: [ReaderPick], links: [OutgoingLink], from sources: Set<Int64>?,
        chunkSize: Int?
    ) async -> [Relation] {
        let reading = CoReading(picks: picks, catalog: catalog)
        let tagSources = catalog.sourcePositions(sources)
        let readerSources = reading.sourcePositions(sources, in: catalog)
        let tags = await Self.inChunks(tagSources, size: chunkSize) { similarTags(in: catalog, at: $0).relations }
        let enjoyed = await Self.inChunks(readerSources, size: chunkSize) { alsoEnjoyed(reading, in: catalog, at: $0) }
        return relations(in: catalog, links: links, from: sources, similarTags: tags, alsoEnjoyed: enjoyed)
    }

    /// Every kind's relations in one list, in the kinds' order, given the two computed by chunks.
    private func relations(
        in catalog: RelationCatalog, links: [OutgoingLink], from sources: Set<Int64>?, similarTags: [Relation],
        alsoEnjoyed: [Relation]
    ) -> [Relation] {
        let all =
            sameSeries(in: catalog, from: sources) + sameAuthor(in: catalog, from: sources) + similarTags
            + alsoEnjoyed + listedSimilar(links: links, in: catalog, from: sources)
        return Self.withoutSelfOrRepeats(all)
    }

    /// `relations` without any from a book to itself and with each (from, to, kind) once, the
    /// first kept: whatever a kind's rule finds (two records of one book, a page listing
    /// itself), a book is never related to itself nor twice in one way.
    ///
    /// ```swift
    /// RelationBuilder.withoutSelfOrRepeats([toItself, toOther, toOther]) == [toOther]  // true
    /// ```
    public static func withoutSelfOrRepeats(_ relations: [Relation]) -> [Relation] {
        struct Link: Hashable {
            let from: Int64
            let to: Int64
            let kind: Relation.Kind
        }
        var seen = Set<Link>()
        return relations.filter {
            $0.from != $0.to && seen.insert(Link(from: $0.from, to: $0.to, kind: $0.kind)).inserted
        }
    }

    /// The `limit` best of `candidates` (relations from one book): score descending, then the
    /// target's ratings count descending, then target id ascending; equal ones in their order.
    ///
    /// A selection, not a sort: where tags are common a book has thousands of candidates and
    /// keeps ten, and sorting them all was half of building the similar-tags relations.
    func strongest(_ candidates: [(relation: Relation, ratings: Int)]) -> [Relation] {
        var best: [(candidate: Candidate, relation: Relation)] = []
        for (relation, ratings) in candidates {
            let candidate = Candidate(score: relation.score, ratings: ratings, to: relation.to)
            keep((candidate, relation), in: &best) { $0.candidate }
        }
        return best.map(\.relation)
    }

    /// A relation weighed before it is made: what ``strongest(_:)`` ranks by, as plain numbers,
    /// so the rules that weigh thousands of candidates to keep ``limit`` copy no reasons.
    struct Candidate {
        let score: Double
        let ratings: Int
        let to: Int64
        /// The target's position in the catalog (not ranked by).
        var position = 0

        /// Whether `self` ranks before `other`: score, then ratings, then the lower target id.
        func beats(_ other: Candidate) -> Bool {
            if score != other.score { return score > other.score }
            if ratings != other.ratings { return ratings > other.ratings }
            return to < other.to
        }
    }

    /// Puts `candidate` into `best` (the ``limit`` strongest so far, strongest first) if it
    /// ranks there: after every kept one it does not beat, so equal candidates keep their order.
    func keep(_ candidate: Candidate, in best: inout [Candidate]) {
        keep(candidate, in: &best) { $0 }
    }

    /// Whether ``keep(_:in:)`` would turn away any candidate scoring `score`, whatever its
    /// ratings and id: `best` is full and its last one scores higher. Lets a rule skip reading
    /// what it would rank by only when the score ties or wins.
    ///
    /// ```swift
    /// let kept = [RelationBuilder.Candidate(score: 0.9, ratings: 3, to: 7)]
    /// RelationBuilder(limit: 1).isOutranked(0.5, by: kept)  // true
    /// ```
    func isOutranked(_ score: Double, by best: [Candidate]) -> Bool {
        guard limit > 0 else { return true }
        guard best.count == limit, let last = best.last else { return false }
        return score < last.score
    }

    /// ``keep(_:in:)`` for anything `ranking` weighs.
    private func keep<Item>(_ item: Item, in best: inout [Item], ranking: (Item) -> Candidate) {
        guard limit > 0 else { return }
        let candidate = ranking(item)
        if best.count == limit, let last = best.last, !candidate.beats(ranking(last)) { return }
        let place = best.firstIndex { candidate.beats(ranking($0)) } ?? best.count
        best.insert(item, at: place)
        if best.count > limit { best.removeLast() }
    }

    /// `text` folded for grouping: case- and diacritic-insensitive, whitespace collapsed; `nil`
    /// when nothing is left.
    static func groupingKey(_ text: String?) -> String? {
        guard let text else { return nil }
        if let key = asciiGroupingKey(text) { return key.isEmpty ? nil : key }
        return foldedGroupingKey(text)
    }

    /// ``groupingKey(_:)`` by Foundation's folding: right for any text, but microseconds a
    /// call, which a rebuild pays for every distinct author, series and tag.
    static func foldedGroupingKey(_ text: String) -> String? {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let words = folded.split(whereSeparator: \.isWhitespace)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// ``groupingKey(_:)`` of an ASCII text without Foundation (the same key, as a test checks
    /// for every ASCII character): lower case, runs of white space one space, none at the ends;
    /// `nil` for text that is not all ASCII.
    static func asciiGroupingKey(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            // Character.isWhitespace in ASCII: tab, line feed, vertical tab, form feed,
            // carriage return, space.
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace {
                bytes.append(0x20)
                pendingSpace = false
            }
            bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

import Foundation

extension RelationBuilder {
    /// Relations "readers who loved this also loved that": item-to-item co-occurrence of
    /// ratings of 4 or more. For a book A loved by n readers, of whom k also loved B, the score
    /// is k / n, stored when k reaches ``minimumSupport``; the best ``limit`` per book (from
    /// `sources` only, when given). The reason reads `"12 % of readers who loved this also loved
    /// that"`.
    ///
    /// A reader's picks count once per pair; readers with very many picks are capped at
    /// ``picksPerReader`` (their most recent ids are as good as any), so one prolific account
    /// cannot dominate or make the build quadratic.
    ///
    /// ```swift
    /// RelationBuilder().alsoEnjoyed(picks: try await store.readerPicks(minimumRating: 4), among: books)
    /// ```
    public func alsoEnjoyed(picks: [ReaderPick], among books: [Book], from sources: Set<Int64>? = nil) -> [Relation] {
        let catalog = RelationCatalog(books.map(RelationSubject.init))
        let reading = CoReading(picks: picks, catalog: catalog)
        return alsoEnjoyed(reading, in: catalog, at: reading.sourcePositions(sources, in: catalog)[...])
    }

    /// The most picks of one reader that count (see ``alsoEnjoyed(picks:among:from:)``).
    public static let picksPerReader = 500

    /// The also-enjoyed relations from the books at `sources` (positions in `catalog`), in
    /// that order. A book's work is its readers' capped lists, so chunks of sources can run
    /// apart.
    func alsoEnjoyed(_ reading: CoReading, in catalog: RelationCatalog, at sources: ArraySlice<Int>) -> [Relation] {
        let ids = catalog.ids
        var together = [Int](repeating: 0, count: catalog.count)
        var touched: [Int] = []
        var relations: [Relation] = []
        var best: [Candidate] = []
        for from in sources {
            for reader in reading.readers[from] {
                for to in reading.books[reader] where to != from {
                    if together[to] == 0 { touched.append(to) }
                    together[to] += 1
                }
            }
            let total = Double(max(reading.readers[from].count, 1))
            best.removeAll(keepingCapacity: true)
            for to in touched where together[to] >= minimumSupport {
                let share = Double(together[to]) / total
                let candidate = Candidate(
                    score: (share * 1000).rounded() / 1000, ratings: catalog.ratings[to], to: ids[to], position: to)
                keep(candidate, in: &best)
            }
            // Every percentage's reason is written once (``alsoEnjoyedReasons``): a book weighs
            // thousands of candidates to keep ten, and only those kept are made relations.
            for kept in best {
                let share = Double(together[kept.position]) / total
                let percent = min(max(Int((share * 100).rounded()), 1), 100)
                relations.append(
                    Relation(
                        kind: .alsoEnjoyed, from: ids[from], to: kept.to, score: kept.score,
                        reason: Self.alsoEnjoyedReasons[percent]))
            }
            for to in touched { together[to] = 0 }
            touched.removeAll(keepingCapacity: true)
        }
        return relations
    }

    /// `"12 % of readers who loved this also loved that"` for every percentage 0…100, by
    /// percentage.
    static let alsoEnjoyedReasons = (0...100).map { "\($0) % of readers who loved this also loved that" }

    /// Relations from a book to the stored books its page lists as similar (matched on
    /// ``Book/sourceURL``, ignoring the fragment), in the page's order of URLs, score 1; from
    /// `sources` only, when given. The reason names the site: `"listed as similar on example.org"`.
    ///
    /// ```swift
    /// RelationBuilder().listedSimilar(links: try await store.outgoingLinks(), among: books)
    /// ```
    public func listedSimilar(links: [OutgoingLink], among books: [Book], from sources: Set<Int64>? = nil)
        -> [Relation]
    {
        listedSimilar(links: links, in: RelationCatalog(books.map(RelationSubject.init)), from: sources)
    }

    /// ``listedSimilar(links:among:from:)`` over `catalog`.
    func listedSimilar(links: [OutgoingLink], in catalog: RelationCatalog, from sources: Set<Int64>?) -> [Relation] {
        let listed = ListedLinks(links: links, catalog: catalog)
        return listed.bySource.keys.filter { sources?.contains($0) ?? true }.sorted().flatMap {
            listedSimilar(listed, in: catalog, from: $0, links: listed.bySource[$0] ?? [])
        }
    }

    /// The listed-similar relations from the books at `positions` (in `catalog`), in that order.
    func listedSimilar(_ listed: ListedLinks, in catalog: RelationCatalog, at positions: some Sequence<Int>)
        -> [Relation]
    {
        positions.flatMap { position in
            let from = catalog.ids[position]
            return listedSimilar(listed, in: catalog, from: from, links: listed.bySource[from] ?? [])
        }
    }

    /// The listed-similar relations of the book `from`, whose page lists `links`.
    private func listedSimilar(_ listed: ListedLinks, in catalog: RelationCatalog, from: Int64, links: [OutgoingLink])
        -> [Relation]
    {
        strongest(
            links.compactMap { link -> (relation: Relation, ratings: Int)? in
                guard let target = listed.targets[Self.linkKey(link.to)], catalog.ids[target] != from else {
                    return nil
                }
                let site = link.to.host ?? "its source"
                let relation = Relation(
                    kind: .listedSimilar, from: from, to: catalog.ids[target], score: 1,
                    reason: "listed as similar on \(site)")
                return (relation, catalog.ratings[target])
            })
    }

    /// A URL without its fragment, for matching links to pages.
    static func linkKey(_ url: URL) -> String {
        let text = url.absoluteString
        return text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
    }
}

/// Reader picks as the also-enjoyed rule reads them: each reader's loved books (distinct, the
/// ``RelationBuilder/picksPerReader`` highest ids) and each book's readers, by position.
struct CoReading: Sendable {
    /// Per reader number: the positions of the books counted, by id ascending.
    let books: [[Int]]
    /// Per book position: the numbers of the readers whose counted books hold it.
    let readers: [[Int]]

    init(picks: [ReaderPick], catalog: RelationCatalog) {
        var numbers: [String: Int] = [:]
        var picked: [[Int64]] = []
        for pick in picks where catalog.position(of: pick.book) != nil {
            let number = numbers[pick.reader] ?? picked.count
            if number == picked.count {
                numbers[pick.reader] = number
                picked.append([])
            }
            picked[number].append(pick.book)
        }
        var readers = [[Int]](repeating: [], count: catalog.count)
        books = picked.enumerated().map { reader, ids in
            let counted = Array(Set(ids)).sorted().suffix(RelationBuilder.picksPerReader).compactMap {
                catalog.position(of: $0)
            }
            for position in counted { readers[position].append(reader) }
            return counted
        }
        self.readers = readers
    }

    /// The positions of the books of `sources` (every book for `nil`) some reader loved, by
    /// id ascending: the order the relations come out in.
    func sourcePositions(_ sources: Set<Int64>?, in catalog: RelationCatalog) -> [Int] {
        let ids = catalog.ids
        let positions = catalog.indices.filter { position in
            !readers[position].isEmpty && (sources?.contains(ids[position]) ?? true)
        }
        // A store's catalog is read by id: sorting what is already in order was a million
        // comparisons a rebuild.
        let ascending = zip(positions, positions.dropFirst()).allSatisfy { ids[$0] < ids[$1] }
        return ascending ? positions : positions.sorted { ids[$0] < ids[$1] }
    }
}

/// "Similar books" links as the listed-similar rule reads them: grouped by the book whose page
/// lists them (in their order), and the stored books by the page they were crawled from.
struct ListedLinks: Sendable {
    /// Book id → the links its page lists.
    let bySource: [Int64: [OutgoingLink]]
    /// A page (``RelationBuilder/linkKey(_:)``) → the position of the book crawled from it (the
    /// last, should two share a page); empty without links, which leave nothing to match.
    let targets: [String: Int]

    init(links: [OutgoingLink], catalog: RelationCatalog) {
        bySource = Dictionary(grouping: links, by: \.from)
        var targets: [String: Int] = [:]
        if !links.isEmpty {
            for (position, page) in catalog.pages.enumerated() {
                if let page { targets[page] = position }
            }
        }
        self.targets = targets
    }
}

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
        let subjects = catalog.subjects
        var together = [Int](repeating: 0, count: subjects.count)
        var touched: [Int] = []
        var relations: [Relation] = []
        for from in sources {
            for reader in reading.readers[from] {
                for to in reading.books[reader] where to != from {
                    if together[to] == 0 { touched.append(to) }
                    together[to] += 1
                }
            }
            let total = Double(max(reading.readers[from].count, 1))
            let candidates = touched.compactMap { to -> (relation: Relation, ratings: Int)? in
                let count = together[to]
                guard count >= minimumSupport else { return nil }
                let share = Double(count) / total
                // Every percentage's reason is written once (``alsoEnjoyedReasons``): a book
                // weighs thousands of candidates to keep ten.
                let percent = min(max(Int((share * 100).rounded()), 1), 100)
                let relation = Relation(
                    kind: .alsoEnjoyed, from: subjects[from].id, to: subjects[to].id,
                    score: (share * 1000).rounded() / 1000, reason: Self.alsoEnjoyedReasons[percent])
                return (relation, subjects[to].ratingsCount ?? 0)
            }
            relations += strongest(candidates)
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
            listedSimilar(listed, from: $0, links: listed.bySource[$0] ?? [])
        }
    }

    /// The listed-similar relations from the books at `positions` (in `catalog`), in that order.
    func listedSimilar(_ listed: ListedLinks, in catalog: RelationCatalog, at positions: some Sequence<Int>)
        -> [Relation]
    {
        positions.flatMap { position in
            let from = catalog.subjects[position].id
            return listedSimilar(listed, from: from, links: listed.bySource[from] ?? [])
        }
    }

    /// The listed-similar relations of the book `from`, whose page lists `links`.
    private func listedSimilar(_ listed: ListedLinks, from: Int64, links: [OutgoingLink]) -> [Relation] {
        strongest(
            links.compactMap { link -> (relation: Relation, ratings: Int)? in
                guard let target = listed.targets[Self.linkKey(link.to)], target.id != from else { return nil }
                let site = link.to.host ?? "its source"
                let relation = Relation(
                    kind: .listedSimilar, from: from, to: target.id, score: 1, reason: "listed as similar on \(site)")
                return (relation, target.ratingsCount ?? 0)
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
        for pick in picks where catalog.positions[pick.book] != nil {
            let number = numbers[pick.reader] ?? picked.count
            if number == picked.count {
                numbers[pick.reader] = number
                picked.append([])
            }
            picked[number].append(pick.book)
        }
        var readers = [[Int]](repeating: [], count: catalog.subjects.count)
        books = picked.enumerated().map { reader, ids in
            let counted = Array(Set(ids)).sorted().suffix(RelationBuilder.picksPerReader).compactMap {
                catalog.positions[$0]
            }
            for position in counted { readers[position].append(reader) }
            return counted
        }
        self.readers = readers
    }

    /// The positions of the books of `sources` (every book for `nil`) some reader loved, by
    /// id ascending: the order the relations come out in.
    func sourcePositions(_ sources: Set<Int64>?, in catalog: RelationCatalog) -> [Int] {
        catalog.subjects.indices.filter { position in
            !readers[position].isEmpty && (sources?.contains(catalog.subjects[position].id) ?? true)
        }.sorted { catalog.subjects[$0].id < catalog.subjects[$1].id }
    }
}

/// "Similar books" links as the listed-similar rule reads them: grouped by the book whose page
/// lists them (in their order), and the stored books by the page they were crawled from.
struct ListedLinks: Sendable {
    /// Book id → the links its page lists.
    let bySource: [Int64: [OutgoingLink]]
    /// A page (``RelationBuilder/linkKey(_:)``) → the book crawled from it (the last, should
    /// two share a page).
    let targets: [String: RelationSubject]

    init(links: [OutgoingLink], catalog: RelationCatalog) {
        bySource = Dictionary(grouping: links, by: \.from)
        var targets: [String: RelationSubject] = [:]
        for subject in catalog.subjects {
            if let url = subject.sourceURL { targets[RelationBuilder.linkKey(url)] = subject }
        }
        self.targets = targets
    }
}

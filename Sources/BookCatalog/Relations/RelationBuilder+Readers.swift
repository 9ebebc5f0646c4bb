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
        let ratings = Dictionary(books.map { ($0.id, $0.ratingsCount ?? 0) }, uniquingKeysWith: { first, _ in first })
        var byReader: [String: [Int64]] = [:]
        for pick in picks where ratings[pick.book] != nil { byReader[pick.reader, default: []].append(pick.book) }
        var lovers: [Int64: Int] = [:]
        var together: [Int64: [Int64: Int]] = [:]
        for var list in byReader.values {
            list = Array(Set(list)).sorted().suffix(Self.picksPerReader)
            for book in list { lovers[book, default: 0] += 1 }
            for from in list where sources?.contains(from) ?? true {
                for to in list where to != from { together[from, default: [:]][to, default: 0] += 1 }
            }
        }
        return together.keys.sorted().flatMap { from -> [Relation] in
            let total = Double(lovers[from] ?? 1)
            let candidates = (together[from] ?? [:]).compactMap { to, count -> (relation: Relation, ratings: Int)? in
                guard count >= minimumSupport else { return nil }
                let share = Double(count) / total
                let percent = max(Int((share * 100).rounded()), 1)
                let relation = Relation(
                    kind: .alsoEnjoyed, from: from, to: to, score: (share * 1000).rounded() / 1000,
                    reason: "\(percent) % of readers who loved this also loved that")
                return (relation, ratings[to] ?? 0)
            }
            return strongest(candidates)
        }
    }

    /// The most picks of one reader that count (see ``alsoEnjoyed(picks:among:from:)``).
    public static let picksPerReader = 500

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
        var byURL: [String: Book] = [:]
        for book in books { if let url = book.sourceURL { byURL[Self.linkKey(url)] = book } }
        let grouped = Dictionary(grouping: links.filter { sources?.contains($0.from) ?? true }, by: \.from)
        return grouped.keys.sorted().flatMap { from in
            strongest(
                (grouped[from] ?? []).compactMap { link -> (relation: Relation, ratings: Int)? in
                    guard let target = byURL[Self.linkKey(link.to)], target.id != from else { return nil }
                    let site = link.to.host ?? "its source"
                    let relation = Relation(
                        kind: .listedSimilar, from: from, to: target.id, score: 1,
                        reason: "listed as similar on \(site)")
                    return (relation, target.ratingsCount ?? 0)
                })
        }
    }

    /// A URL without its fragment, for matching links to pages.
    static func linkKey(_ url: URL) -> String {
        let text = url.absoluteString
        return text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
    }
}

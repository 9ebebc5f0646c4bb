import Testing

@testable import BookCatalog

/// A long tag list kept only as far as a visit reads it: the heaviest postings, chosen through
/// a heap, are exactly the first ones of the whole list sorted as a visit orders it.
@Suite("Heaviest postings of a long tag") struct HeaviestPostingsTests {
    @Test(
        "The kept postings are the sorted list's first, ties to the lower position", arguments: [0, 1, 7, 100, 5_000])
    func keptPostingsAreTheSortedListsFirst(keeping: Int) {
        var state: UInt64 = 91
        // Few distinct weights, so many postings tie and the position decides.
        let postings = (0..<3_000).map { position -> (book: Int32, weight: Double) in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Int32(position), Double(state >> 59) / 8)
        }
        var heap = HeaviestPostings(keeping: keeping)
        for posting in postings { heap.offer(posting.book, weight: posting.weight) }
        let sorted = postings.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.book < $1.book }
        let kept = heap.heaviestFirst()
        #expect(kept.map(\.book) == sorted.prefix(keeping).map(\.book))
        #expect(kept.map(\.weight) == sorted.prefix(keeping).map(\.weight))
    }

    @Test("A catalog's postings keep every short list whole and a long one to the visit bound")
    func postingsKeepWhatAVisitReads() {
        let bound = RelationBuilder.maximumTagPostingsVisited
        let books = bound * 3 + 3
        // Tag 0 on every book (the weights fall with the position, in steps, so some tie), tag
        // 1 on every third (one more than the bound): both longer than the bound; tag 2 on ten
        // books, shorter.
        var (tags, weights, starts): ([Int32], [Double], [Int32]) = ([], [], [0])
        for position in 0..<books {
            tags.append(0)
            weights.append(Double(books - position / 4))
            if position % 3 == 0 {
                tags.append(1)
                weights.append(Double(position % 17))
            }
            if position < 10 {
                tags.append(2)
                weights.append(1)
            }
            starts.append(Int32(tags.count))
        }
        let postings = TagIndex.postings(vectorTags: tags, vectorWeights: weights, vectorStarts: starts, tags: 3)
        #expect(postings.starts == [0, bound, 2 * bound, 2 * bound + 10])
        #expect(Array(postings.books[0..<bound]) == (0..<Int32(bound)).map { $0 })
        let everyThird: [(book: Int32, weight: Double)] = stride(from: 0, to: books, by: 3).map {
            (book: Int32($0), weight: Double($0 % 17))
        }
        let heaviest = everyThird.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.book < $1.book }
        let third = Array(heaviest.prefix(bound))
        let (longEnd, shortEnd) = (2 * bound, 2 * bound + 10)
        #expect(Array(postings.books[bound..<longEnd]) == third.map { $0.book })
        #expect(Array(postings.weights[bound..<longEnd]) == third.map { $0.weight })
        #expect(Array(postings.books[longEnd..<shortEnd]) == (0..<10).map { Int32($0) })
    }
}

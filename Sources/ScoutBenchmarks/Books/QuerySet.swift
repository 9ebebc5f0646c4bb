import BookCatalog
import ScoutTestSupport

/// What people type into book search: the opening words of real titles and authors, cut at
/// every length as they type them, and one in ten with a typo (two neighbouring letters swapped
/// in a word of five letters or more).
enum QuerySet {
    static func typed(from books: [Book], count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        var queries: [String] = []
        while queries.count < count, !books.isEmpty {
            let book = books[Int(random.next() % UInt64(books.count))]
            let source = random.next() % 4 == 0 ? (book.authors.first ?? book.title) : book.title
            let words = source.split(separator: " ").prefix(3).joined(separator: " ")
            guard words.count >= 2 else { continue }
            let length = 2 + Int(random.next() % UInt64(words.count - 1))
            var query = String(words.prefix(length))
            if random.next() % 10 == 0 { query = withTypo(query, random: &random) }
            queries.append(query)
        }
        return queries
    }

    /// `query` with two neighbouring letters of its longest word swapped, when it has one of
    /// five letters or more.
    static func withTypo(_ query: String, random: inout SplitMix64) -> String {
        var words = query.split(separator: " ").map(String.init)
        guard let index = words.indices.max(by: { words[$0].count < words[$1].count }), words[index].count >= 5 else {
            return query
        }
        var letters = Array(words[index])
        let at = 1 + Int(random.next() % UInt64(letters.count - 2))
        letters.swapAt(at, at + 1)
        words[index] = String(letters)
        return words.joined(separator: " ")
    }
}

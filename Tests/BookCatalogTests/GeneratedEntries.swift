import BookCatalog
import ScoutTestSupport

/// Search entries made from a seed, in Latin, Japanese, Chinese and Korean scripts, with
/// alternate titles, series, shared ratings counts and readings, and queries drawn from them.
enum GeneratedEntries {
    static let dune = [SearchEntry(id: 1, title: "Dune", series: ["Dune"], authors: ["Frank Herbert"], ratingsCount: 9)]

    private static let latin = [
        "hunger", "games", "dune", "love", "war", "peace", "mockingjay", "misérables", "the", "of",
    ]
    private static let japanese = ["人間失格", "容疑者", "献身", "ノルウェイの森", "こころ"]
    private static let chinese = ["三体", "红楼梦", "活着", "围城"]
    private static let korean = ["채식주의자", "소년이 온다", "엄마를 부탁해"]
    private static let authors = ["Suzanne Collins", "Frank Herbert", "村上春樹", "余华", "한강", "Victor Hugo"]

    static func make(_ count: Int, using random: inout SplitMix64) -> [SearchEntry] {
        (0..<count).map { number in
            let words = [latin, japanese, chinese, korean].randomElement(using: &random)!
            let title = (0..<Int.random(in: 1...3, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: " ")
            let hasReading = words == japanese && Bool.random(using: &random)
            return SearchEntry(
                id: Int64(number * 7 + 3), title: title,
                alternateTitles: Bool.random(using: &random) ? [latin.randomElement(using: &random)!] : [],
                series: number.isMultiple(of: 5) ? [words.randomElement(using: &random)!] : [],
                authors: (0..<Int.random(in: 0...2, using: &random)).map { _ in authors.randomElement(using: &random)!
                },
                // Few distinct counts, so ties fall back to the id.
                ratingsCount: number.isMultiple(of: 9) ? nil : Int.random(in: 0...20, using: &random) * 1000,
                textReadings: hasReading ? [title: "ヨミ"] : [:])
        }
    }

    /// Whole words, prefixes, pairs of words and CJK pieces of the entries' texts, and words
    /// that are in none.
    static func queries(from entries: [SearchEntry], using random: inout SplitMix64) -> [String] {
        let texts = entries.flatMap { [$0.title] + $0.authors }
        var queries = ["zzz", "hunger ga", "the", "ヨミ", "yomi", "三", "채식", "love war"]
        for _ in 0..<40 {
            let text = texts.randomElement(using: &random)!
            let words = text.split(separator: " ").map(String.init)
            let word = words.randomElement(using: &random)!
            queries.append(word)
            queries.append(String(word.prefix(Int.random(in: 1...max(1, word.count), using: &random))))
            queries.append(words.prefix(2).joined(separator: " "))
            queries.append("\(word) \(authors.randomElement(using: &random)!.split(separator: " ").first!)")
        }
        return queries
    }
}

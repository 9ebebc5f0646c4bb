import Foundation
import ScoutModels
import ScoutTestSupport

/// What simulated people type: real book titles from ../shared/data/goodbooks-10k (the first few
/// words of each, as people type them), one key at a time with intervals drawn from 60–250 ms.
struct TypingScript {
    struct Keystroke {
        /// The field's text after this key.
        let text: String
        /// The pause before this key.
        let delay: Duration
    }

    struct Query {
        let text: String
        let keystrokes: [Keystroke]
    }

    let queries: [Query]

    /// `count` queries drawn from `titles` with a fixed seed, so every run types the same.
    init(titles: [String], count: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var queries: [Query] = []
        while queries.count < count, !titles.isEmpty {
            let title = titles[Int(random.next() % UInt64(titles.count))]
            let words = title.split(separator: " ").prefix(1 + Int(random.next() % 3))
            let text = words.joined(separator: " ")
            guard text.count >= 3 else { continue }
            var typed = ""
            let keystrokes = text.map { character -> Keystroke in
                typed.append(character)
                let milliseconds = 60 + Int(random.next() % 191)
                return Keystroke(text: typed, delay: .milliseconds(milliseconds))
            }
            queries.append(Query(text: text, keystrokes: keystrokes))
        }
        self.queries = queries
    }

    var keystrokeCount: Int { queries.reduce(0) { $0 + $1.keystrokes.count } }

    /// Book titles from goodbooks-10k's books.csv, series suffix removed.
    static func bookTitles(from csv: URL, limit: Int) throws -> [String] {
        let rows = CSVRows.parse(try String(contentsOf: csv, encoding: .utf8))
        guard let header = rows.first, let column = header.firstIndex(of: "title") else { return [] }
        return rows.dropFirst().prefix(limit).compactMap { row in
            guard column < row.count else { return nil }
            let title = row[column]
            let cut = title.range(of: " (").map { String(title[..<$0.lowerBound]) } ?? title
            return cut.isEmpty ? nil : cut
        }
    }
}

extension TypingScript.Query {
    /// The query's text as a search normalizes it, the text a ``Screen`` records it under.
    var searchedText: String { (try? SearchQuery(text))?.text ?? text }

    /// Types the query key by key at the script's pauses: each key goes on every screen as the
    /// newest query, then to `strategy`. Returns when the last key was pressed.
    func type(into strategy: any TypingStrategy, screens: [Screen]) async -> ContinuousClock.Instant {
        var lastKey = ContinuousClock.now
        for keystroke in keystrokes {
            try? await Task.sleep(for: keystroke.delay)
            for screen in screens { screen.typed(keystroke.text) }
            lastKey = ContinuousClock.now
            strategy.keystroke(keystroke.text)
        }
        return lastKey
    }
}

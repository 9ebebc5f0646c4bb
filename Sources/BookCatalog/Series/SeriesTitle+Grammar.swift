extension SeriesTitle {
    /// The memberships named by the text inside a title's final parentheses, in the order
    /// written; empty when it names none.
    ///
    /// Each `#` starts a place in a series, and the text before it, back to the previous
    /// membership, is the series name (`,` `:` `;` and spaces around it trimmed). After the
    /// `#` (spaces allowed) come:
    /// - a number: digits with an optional decimal part, `#2`, `#0.5`;
    /// - then a range, `-` or `–` and a second number (`#1-7`, `#0.1 - 0.4`), or a list,
    ///   `, 2.5` or `, #4.3` items (`#0.5, 2.5`), which is kept as the collection from its least
    ///   to its greatest number — a box set of stories, not a volume;
    /// - then a part: after `,` `:` `;` or a space, a word `Part` and what follows up to the
    ///   next `,` or `;` (`#5, Part 1`, `#3: Part 2 of 2`, `#3; Part 2`, `#5 Part 2`).
    ///
    /// A `#` without a number or without a name before it names nothing, and other text
    /// between memberships (`+ 3.5` in `#1-4 + 3.5`, `/2` in `Imajica Part #1/2`) is ignored:
    /// Goodreads' suffixes are hand-written, and a reader is better served by the memberships
    /// that are clear than by none.
    ///
    /// ```swift
    /// SeriesTitle.memberships(in: "Death, #1; Discworld, #4").map(\.label)  // ["#1", "#4"]
    /// SeriesTitle.memberships(in: "Folger Shakespeare Library")             // []
    /// ```
    static func memberships(in group: String) -> [SeriesMembership] {
        var scanner = Scanner(Array(group))
        var memberships: [SeriesMembership] = []
        var nameStart = 0
        while let hash = scanner.next("#") {
            let name = Self.seriesName(scanner.characters[nameStart..<hash])
            scanner.index = hash + 1
            scanner.skipSpaces()
            guard let first = scanner.number() else {
                nameStart = scanner.index
                continue
            }
            let numbers = [first] + (scanner.rangeEnd().map { [$0] } ?? scanner.listItems())
            let part = scanner.part()
            nameStart = scanner.index
            guard !name.isEmpty else { continue }
            memberships.append(
                SeriesMembership(name: name, number: numbers.min(), lastNumber: numbers.max(), part: part))
        }
        return memberships
    }

    /// The series name in the text before a `#`: what follows the last `;`, without the
    /// separators and spaces around it.
    private static func seriesName(_ text: ArraySlice<Character>) -> String {
        let afterSemicolon = text.lastIndex(of: ";").map { text[($0 + 1)...] } ?? text
        let separators: Set<Character> = [",", ":", ";"]
        let trimmed = afterSemicolon.drop { $0.isWhitespace || separators.contains($0) }
        return String(trimmed.reversed().drop { $0.isWhitespace || $0 == "," }.reversed())
    }

    /// A cursor over the characters of a series group.
    private struct Scanner {
        let characters: [Character]
        var index = 0

        init(_ characters: [Character]) { self.characters = characters }

        /// The character at the cursor, `nil` at the end.
        var current: Character? { index < characters.count ? characters[index] : nil }

        /// The index of the next `character` from the cursor on.
        func next(_ character: Character) -> Int? {
            characters[index...].firstIndex(of: character)
        }

        mutating func skipSpaces() {
            while let current, current.isWhitespace { index += 1 }
        }

        /// Takes the character at the cursor when it is one of `candidates`.
        mutating func take(anyOf candidates: Set<Character>) -> Bool {
            guard let current, candidates.contains(current) else { return false }
            index += 1
            return true
        }

        /// ASCII digits with an optional decimal part, `12` or `0.5`.
        mutating func number() -> Double? {
            let start = index
            skipDigits()
            guard index > start else { return nil }
            if current == ".", index + 1 < characters.count, Self.isDigit(characters[index + 1]) {
                index += 1
                skipDigits()
            }
            return Double(String(characters[start..<index]))
        }

        /// The end of a range, `-` or a dash and a number; the cursor stays put without one.
        mutating func rangeEnd() -> Double? {
            let mark = index
            skipSpaces()
            if take(anyOf: ["-", "–", "—"]) {
                skipSpaces()
                if let end = number() { return end }
            }
            index = mark
            return nil
        }

        /// The numbers of a list after the first: `, 2.5` or `, #4.3`, each ending the group or
        /// followed by `,` or `;` — `, 39 Clues, #2` starts a series name, not an item.
        mutating func listItems() -> [Double] {
            var items: [Double] = []
            while true {
                let mark = index
                skipSpaces()
                guard take(anyOf: [","]) else { break }
                skipSpaces()
                _ = take(anyOf: ["#"])
                skipSpaces()
                guard let item = number() else {
                    index = mark
                    break
                }
                let end = index
                skipSpaces()
                let endsItem = current == nil || current == "," || current == ";"
                index = end
                guard endsItem else {
                    index = mark
                    break
                }
                items.append(item)
            }
            return items
        }

        /// A part after the number, `, Part 1` or ` Part 2 of 2`, up to the next `,` or `;`;
        /// the cursor stays put without one.
        mutating func part() -> String? {
            let mark = index
            skipSpaces()
            _ = take(anyOf: [",", ":", ";"])
            skipSpaces()
            let word = characters[index...].prefix(5)
            guard word.count == 5, String(word.prefix(4)).lowercased() == "part", word.last?.isWhitespace == true
            else {
                index = mark
                return nil
            }
            let start = index
            while let current, current != ",", current != ";" { index += 1 }
            return String(characters[start..<index]).trimmingWhitespace()
        }

        private mutating func skipDigits() {
            while let current, Self.isDigit(current) { index += 1 }
        }

        private static func isDigit(_ character: Character) -> Bool {
            character.isASCII && character.isNumber
        }
    }
}

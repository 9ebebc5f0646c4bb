import BookCatalog

/// The ways of typing a book that are not its title's letters as written: initials, possessives
/// without the apostrophe, words run together, a typo that makes another word, another title,
/// a series name.
extension RelevanceQueryGenerator {
    /// The first author's name with a run of two or more initials typed in one of the ways
    /// people do ("jk rowling", "j k rowling", "j.k. rowling", "J. K. Rowling"), alone when it
    /// means the book, else with a word of the title.
    mutating func initials(for book: Int) -> String? {
        guard let name = books[book].authors.first else { return nil }
        let tokens = SearchText.tokens(in: name)
        let utf16 = Array(name.utf16)
        func text(_ token: SearchText.Token) -> String { String(decoding: utf16[token.range], as: UTF16.self) }
        guard let start = tokens.indices.first(where: { isInitial(text(tokens[$0])) }) else { return nil }
        var end = start
        while end < tokens.count, isInitial(text(tokens[end])) { end += 1 }
        guard end - start >= 2, end < tokens.count else { return nil }
        let letters = tokens[start..<end].map { text($0).lowercased() }
        let style = pick(4)
        let typedInitials =
            switch style {
            case 0: letters.joined()
            case 1: letters.joined(separator: " ")
            case 2: letters.map { $0 + "." }.joined()
            default: letters.map { $0.uppercased() + "." }.joined(separator: " ")
            }
        let rest = tokens[end...].map(text)
        let before = tokens[..<start].map(text)
        let typedName = (before + [typedInitials] + rest).map { style == 3 ? $0 : $0.lowercased() }
            .joined(separator: " ")
        if words.isMostPopular(book, for: typedName) { return typedName }
        return titleWord(of: book, besides: "") { "\(typedName) \($0)" }
    }

    private func isInitial(_ word: String) -> Bool { word.count == 1 && word.first!.isLetter }

    /// The title with its apostrophes left out ("Ender's Game" → "enders game"), cut at a random
    /// answerable point past the first possessive.
    mutating func possessive(in book: Int) -> String? {
        let title = Array(books[book].title)
        guard
            let apostrophe = title.indices.first(where: { at in
                Self.apostrophes.contains(title[at]) && at > 0 && title[at - 1].isLetter && at + 1 < title.count
                    && title[at + 1].lowercased() == "s" && (at + 2 == title.count || !title[at + 2].isLetter)
            }), let end = cut(of: book, title, from: apostrophe + 2)
        else { return nil }
        return String(title[..<end].filter { !Self.apostrophes.contains($0) }).lowercased()
    }

    static let apostrophes: Set<Character> = ["'", "’"]

    /// The title with two of its words typed as one — a hyphenated pair ("Spider-Man" →
    /// "spiderman") or a name particle and its name ("Da Vinci" → "davinci") — cut at a random
    /// answerable point past them.
    mutating func runTogether(in book: Int) -> String? {
        let title = Array(books[book].title)
        let runs = Self.letterRuns(in: title)
        let joins = zip(runs, runs.dropFirst()).compactMap { left, right -> Int? in
            guard right.lowerBound == left.upperBound + 1, right.count > 2 else { return nil }
            let between = title[left.upperBound]
            let isParticle = between == " " && Self.particles.contains(String(title[left]).lowercased())
            return between == "-" || isParticle ? left.upperBound : nil
        }
        guard !joins.isEmpty else { return nil }
        let join = joins[pick(joins.count)]
        guard let wordEnd = runs.first(where: { $0.lowerBound == join + 1 })?.upperBound,
            let end = cut(of: book, title, from: wordEnd)
        else { return nil }
        var typed = title[..<end]
        typed.remove(at: join)
        return String(typed).lowercased()
    }

    /// Name particles people type together with the name after them.
    static let particles: Set<String> = ["da", "de", "di", "du", "le", "la", "van", "von", "mc", "st"]

    /// The title with one edit in a word of 3 letters or more that makes another word of the
    /// catalog ("Where There's Smoke" → "where three's smoke"), cut at a random answerable point
    /// past it, when no book holds every word as typed.
    mutating func wordTypo(in book: Int) -> String? {
        let title = Array(books[book].title)
        let runs = Self.letterRuns(in: title).filter { $0.count >= 3 && title[$0].allSatisfy(\.isASCII) }
        guard !runs.isEmpty else { return nil }
        let run = runs[pick(runs.count)]
        let word = String(title[run]).lowercased()
        let edits = Self.edits(of: word).filter { $0.count >= 3 && $0 != word && words.contains($0) }
        guard !edits.isEmpty, let end = cut(of: book, title, from: run.upperBound) else { return nil }
        let edited = edits[pick(edits.count)]
        let typed = (String(title[..<run.lowerBound]) + edited + String(title[run.upperBound..<end])).lowercased()
        return words.books(holdingEvery: SearchText.queryWords(in: typed)).isEmpty ? typed : nil
    }

    /// Every word one edit from `word` (a letter replaced, dropped, added or swapped with its
    /// neighbour), sorted so the seeded pick does not depend on hashing.
    static func edits(of word: String) -> [String] {
        let letters = Array(word)
        var edits = Set<String>()
        for at in letters.indices {
            var dropped = letters
            dropped.remove(at: at)
            edits.insert(String(dropped))
            for letter in Typo.letters {
                var replaced = letters
                replaced[at] = letter
                edits.insert(String(replaced))
            }
            if at + 1 < letters.count {
                var swapped = letters
                swapped.swapAt(at, at + 1)
                edits.insert(String(swapped))
            }
        }
        for at in 0...letters.count {
            for letter in Typo.letters {
                var added = letters
                added.insert(letter, at: at)
                edits.insert(String(added))
            }
        }
        return edits.sorted()
    }

    /// Another title of the book (its original title, say) that no other book goes by and that
    /// is not just the title's own words, cut at a random answerable point.
    mutating func originalTitle(of book: Int) -> String? {
        let titleWords = Set(SearchText.words(in: books[book].title))
        let others = books[book].alternateTitles.filter {
            !titles.isShared($0) && !Set(SearchText.words(in: $0)).isSubset(of: titleWords)
        }
        guard !others.isEmpty else { return nil }
        let other = Array(others[pick(others.count)])
        guard let end = cut(of: book, other, from: min(3, other.count)) else { return nil }
        let typed = String(other[..<end]).lowercased()
        return beginsAuthorName(typed, ofABookAsReadAs: book) ? nil : typed
    }

    /// Whether a book with as many ratings as `book` or more has an author whose name begins
    /// with `typed` (two words or more, the last as a prefix): the rules rank an author's whole
    /// name as a title, so a cut title that is also such a name ("sarkel morpe" for the author
    /// Sarkel Morpel) is answered by popularity against that author's books, as a cut is against
    /// titles that begin the same way.
    func beginsAuthorName(_ typed: String, ofABookAsReadAs book: Int) -> Bool {
        let query = SearchText.queryWords(in: typed)
        guard query.count > 1 else { return false }
        let ratings = books[book].ratingsCount ?? 0
        return words.books(holdingEvery: query).contains { other in
            other != book && (books[other].ratingsCount ?? 0) >= ratings
                && books[other].authors.contains { author in
                    let name = SearchText.words(in: author)
                    return name.count >= query.count
                        && zip(name, query).enumerated().allSatisfy { index, pair in
                            index == query.count - 1 ? pair.0.hasPrefix(pair.1) : pair.0 == pair.1
                        }
                }
        }
    }

    /// The name of the book's first series, when the book is the most popular holding its words
    /// and no other book's title holds them unless its own does.
    func series(of book: Int) -> String? {
        guard let name = books[book].series.first?.name.lowercased(), words.isMostPopular(book, for: name)
        else { return nil }
        let titled = titleWords.books(holdingEvery: SearchText.queryWords(in: name))
        return titled.isEmpty || titled.contains(book) ? name : nil
    }
}

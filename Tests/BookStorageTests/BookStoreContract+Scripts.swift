import BookCatalog
import ScoutTestSupport
import Testing

/// Search in every script, alike in every store: Japanese, Chinese and Korean titles found from
/// any run of their characters, full-width Latin and half-width katakana found as typed in the
/// ordinary forms (and the other way round), ranked by the same rules.
extension BookStoreContract {
    /// A small shelf of real titles and authors; ratings point away from what the rules decide.
    static let scriptShelf: [Book] = [
        book("j1", "海辺のカフカ", by: "村上春樹", ratings: 90_000),
        book("j2", "ノルウェイの森", by: "村上春樹", ratings: 80_000),
        book("j3", "1Q84 BOOK1", by: "村上春樹", ratings: 70_000),
        book("j4", "カフカ短編集", by: "フランツ・カフカ", ratings: 1_000),
        book("j5", "吾輩は猫である", by: "夏目漱石", ratings: 50_000),
        book("j6", "人間失格", by: "太宰治", ratings: 60_000),
        book("j7", "ｺﾝﾋﾞﾆ人間", by: "村田沙耶香", ratings: 20_000),
        book("j8", "ＯＮＥ ＰＩＥＣＥ 1", by: "尾田栄一郎", ratings: 40_000),
        book("z1", "三体", by: "刘慈欣", ratings: 200_000),
        book("z2", "红楼梦", by: "曹雪芹", ratings: 30_000),
        book("z3", "活着", by: "余华", ratings: 25_000),
        book("k1", "채식주의자", by: "한강", ratings: 15_000),
        book("k2", "소년이 온다", by: "한강", ratings: 12_000),
        book("k3", "82년생 김지영", by: "조남주", ratings: 10_000),
        book("l1", "One Piece of Cake", by: "Mary Piece", ratings: 5_000),
    ]

    /// Query → the titles expected first, in order.
    static let scriptCases: [(query: String, first: [String])] = [
        // A run inside a title; the title that begins with it first (position).
        ("カフカ", ["カフカ短編集", "海辺のカフカ"]),
        // One character, at the end of a title.
        ("森", ["ノルウェイの森"]),
        ("体", ["三体"]),
        // Half-width katakana typed, full-width stored, and the other way round.
        ("ﾉﾙｳｪｲ", ["ノルウェイの森"]),
        ("コンビニ", ["ｺﾝﾋﾞﾆ人間"]),
        // Full-width Latin stored, typed plainly or full-width; popularity decides between the two.
        ("one piece", ["ＯＮＥ ＰＩＥＣＥ 1", "One Piece of Cake"]),
        ("ＯＮＥ ＰＩＥＣＥ", ["ＯＮＥ ＰＩＥＣＥ 1", "One Piece of Cake"]),
        // Two words of one unspaced title.
        ("ノルウェイ 森", ["ノルウェイの森"]),
        // The author's name, whole and in part.
        ("春樹 森", ["ノルウェイの森"]),
        ("太宰", ["人間失格"]),
        // The title that begins with it first, then titles holding it further in.
        ("人間", ["人間失格", "ｺﾝﾋﾞﾆ人間"]),
        // Chinese and Korean.
        ("楼梦", ["红楼梦"]),
        ("채식", ["채식주의자"]),
        ("소년이 온다", ["소년이 온다"]),
        ("김지영", ["82년생 김지영"]),
        ("한강", ["채식주의자", "소년이 온다"]),
        // Digits and CJK in one word, typed as written.
        ("82년생", ["82년생 김지영"]),
    ]

    private static func book(_ id: String, _ title: String, by author: String, ratings: Int) -> Book {
        Book(source: "scripts", sourceID: id, title: title, authors: [author], ratingsCount: ratings)
    }

    @Test(arguments: StoreKind.available, SearchPath.allCases)
    func everyScriptIsFoundAndRankedByTheSameRules(kind: StoreKind, path: SearchPath) async throws {
        try await kind.withStore { store throws in
            _ = try await store.upsert(Self.scriptShelf)
            for (query, first) in Self.scriptCases {
                let titles = try await path.search(query, limit: 10, in: store).map(\.title)
                #expect(Array(titles.prefix(first.count)) == first, "\(kind) \(path) \"\(query)\" → \(titles)")
            }
            for query in ["カフカフ", "猫人間", "三体红", "채식주의자들"] {
                #expect(
                    try await path.search(query, limit: 10, in: store).isEmpty,
                    "\(kind) \(path) \"\(query)\" found something")
            }
        }
    }

    /// Every run of one to four characters of every CJK title and author finds that book, and
    /// every result holds the run — or, for Hangul, a word that begins with its letters (the
    /// syllable being typed may become another: 한 on the way to 하나).
    @Test(arguments: StoreKind.available, SearchPath.allCases)
    func anyRunOfACJKTitleOrAuthorFindsIt(kind: StoreKind, path: SearchPath) async throws {
        try await kind.withStore { store throws in
            _ = try await store.upsert(Self.scriptShelf)
            for book in Self.scriptShelf {
                let words = ([book.title] + book.authors).flatMap(SearchText.words(in:)).filter(SearchText.isCJKWord)
                for word in words {
                    let characters = Array(word)
                    for length in 1...min(4, characters.count) {
                        for start in 0...(characters.count - length) {
                            let run = String(characters[start..<(start + length)])
                            let results = try await path.search(run, limit: 50, in: store)
                            #expect(results.contains { $0.sourceID == book.sourceID }, "\(kind) \(path) \(run)")
                            for result in results {
                                let held = ([result.title] + result.authors).flatMap(SearchText.words(in:))
                                #expect(
                                    held.contains {
                                        $0.contains(run) || Hangul.letters($0).hasPrefix(Hangul.letters(run))
                                    },
                                    "\(kind) \(path) \(run) → \(result.title)")
                            }
                        }
                    }
                }
            }
        }
    }

    /// Highlights count in the stored text, whatever folding did: the middle of an unspaced
    /// title, and half-width katakana whose voiced marks are characters of their own in UTF-16.
    @Test(arguments: StoreKind.available, SearchPath.allCases)
    func cjkMatchRangesPointIntoTheStoredText(kind: StoreKind, path: SearchPath) async throws {
        try await kind.withStore { store throws in
            _ = try await store.upsert(Self.scriptShelf)
            func titleRanges(_ query: String) async throws -> [String: [Range<Int>]] {
                let matches = try await path.rankedSearch(query, limit: 10, in: store)
                return Dictionary(
                    uniqueKeysWithValues: matches.map { match in
                        (match.book.title, match.highlights.filter { $0.field == .title }.map(\.range))
                    })
            }
            let kafka = try await titleRanges("カフカ")
            #expect(kafka["カフカ短編集"] == [0..<3])
            #expect(kafka["海辺のカフカ"] == [3..<6])
            #expect(try await titleRanges("コンビニ")["ｺﾝﾋﾞﾆ人間"] == [0..<5])
            #expect(try await titleRanges("ノルウェイ 森")["ノルウェイの森"] == [0..<5, 6..<7])
            #expect(try await titleRanges("one pie")["ＯＮＥ ＰＩＥＣＥ 1"] == [0..<3, 4..<7])
        }
    }
}

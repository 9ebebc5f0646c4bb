import BookCatalog
import Testing

/// How search folds and cuts text, and what an index holds for it.
@Suite(.timeLimit(.minutes(10))) struct SearchTextTests {
    @Test("NFKC: full-width Latin and digits, half-width katakana, ligatures become the ordinary forms")
    func compatibilityForms() {
        #expect(SearchText.words(in: "ＯＮＥ ＰＩＥＣＥ １２") == ["one", "piece", "12"])
        // Katakana are compared as hiragana (readers type hiragana first).
        #expect(SearchText.words(in: "ﾉﾙｳｪｲの森") == ["のるうぇいの森"])
        #expect(SearchText.words(in: "ｺﾝﾋﾞﾆ ﾊﾟﾝ") == ["こんびに", "ぱん"])
        #expect(SearchText.words(in: "Ｌｅｓ Ｍｉｓéｒａｂｌｅｓ") == ["les", "miserables"])
        #expect(SearchText.words(in: "ﬁsh") == ["fish"])
    }

    @Test("kana keep their voiced marks: バカ and ハカ stay two words")
    func kanaKeepTheirMarks() {
        #expect(SearchText.words(in: "バカ") != SearchText.words(in: "ハカ"))
        #expect(SearchText.words(in: "ガ") == ["が"])
    }

    @Test("words break where CJK script meets another; a mark stays with its character")
    func scriptBoundaries() {
        #expect(SearchText.words(in: "第1巻") == ["第", "1", "巻"])
        #expect(SearchText.words(in: "1Q84 BOOK1") == ["1q84", "book1"])
        #expect(SearchText.words(in: "82년생 김지영") == ["82", "년생", "김지영"])
        #expect(SearchText.words(in: "フランツ・カフカ") == ["ふらんつ", "かふか"])
        #expect(SearchText.tokens(in: "ﾉﾙｳｪｲの森 ＯＮＥ").map(\.range) == [0..<7, 8..<11])
    }

    @Test("the index holds a CJK word's pairs and last character; query words become phrases of pairs")
    func indexWordsAndPatterns() {
        #expect(SearchText.indexWords(in: "海辺のカフカ") == ["海辺", "辺の", "のか", "かふ", "ふか", "か"])
        #expect(SearchText.indexWords(in: "森 Kafka") == ["森", "kafka"])
        #expect(SearchText.indexPattern(of: "カフカ", isPrefix: true) == (["カフ", "フカ"], false))
        #expect(SearchText.indexPattern(of: "森", isPrefix: false) == (["森"], true))
        #expect(SearchText.indexPattern(of: "dune", isPrefix: false) == (["dune"], false))
        #expect(SearchText.isCJKWord("카") && SearchText.isCJKWord("ｶ") && !SearchText.isCJKWord("kafka"))
        // Hangul spelled in its letters is compared as an alphabet's words are, by its start.
        #expect(!SearchText.isCJKWord("ㅊㅐㅅㅣ"))
    }

    @Test("CJK words get no typo budget")
    func noTyposInCJK() {
        #expect(TypoTolerance.allowedTypos(in: "ノルウェイの森") == 0)
        #expect(TypoTolerance.allowedTypos(in: "norwegian") == 2)
    }

    @Test("letters of their own are folded as English readers type them")
    func latinLetters() {
        #expect(SearchText.words(in: "Jo Nesbø") == ["jo", "nesbo"])
        #expect(SearchText.words(in: "Æsop Œuvre Straße") == ["aesop", "oeuvre", "strasse"])
        #expect(SearchText.words(in: "Łódź Đorđe Þór Ðiðrik") == ["lodz", "dorde", "thor", "didrik"])
    }

    @Test(
        "the index also holds initials, possessives, compounds and particles joined",
        arguments: [
            ("J.K. Rowling", ["j", "jk", "k", "rowling"]),
            ("J. K. Rowling", ["j", "jk", "k", "rowling"]),
            ("J.R.R. Tolkien", ["j", "jrr", "r", "r", "tolkien"]),
            ("George R.R. Martin", ["george", "r", "rr", "r", "martin"]),
            ("Ender's Game", ["ender", "enders", "s", "game"]),
            ("Spider-Man", ["spider", "spiderman", "man"]),
            ("The Da Vinci Code", ["the", "da", "davinci", "vinci", "code"]),
            // Never across the ", " between authors, nor before a short word.
            ("A, B", ["a", "b"]),
            ("De Ed", ["de", "ed"]),
            ("海辺のカフカ", ["海辺のかふか"]),
            // A Hangul word, and its letters.
            ("소년이 온다", ["소년이", "ㅅㅗㄴㅕㄴㅇㅣ", "온다", "ㅇㅗㄴㄷㅏ"]),
        ])
    func joinedIndexWords(text: String, expected: [String]) {
        #expect(SearchText.indexTokens(in: text).map(\.folded) == expected)
    }

    @Test("a query types words an apostrophe or hyphen separates as one")
    func queryWords() {
        #expect(SearchText.queryWords(in: "ender's ga") == ["enders", "ga"])
        #expect(SearchText.queryWords(in: "Spider‐Man 2") == ["spiderman", "2"])
        #expect(SearchText.queryWords(in: "j.k. rowling") == ["j", "k", "rowling"])
        // Each word of Latin letters also as the romaji or pinyin of a reading (Romaji).
        #expect(
            SearchText.exactQuery("hitchhiker’s gu")?.terms.map(\.alternatives) == [
                ["hitchhikers", "·hitchhikers"], ["gu", "·gu"],
            ])
    }
}

import BookCatalog
import Testing

/// The forms a reader of Japanese, Chinese or Korean types a word in, brought to one: kana of
/// either script, romaji of either system, traditional or simplified characters, pinyin, and
/// Hangul by its letters.
@Suite("Script forms") struct ScriptFormsTests {
    @Test("katakana are compared as hiragana; the long-vowel mark stays")
    func kanaAsHiragana() {
        #expect(Kana.hiragana("カフカ") == "かふか")
        #expect(Kana.hiragana("コーヒー") == "こーひー")
        #expect(Kana.hiragana("海辺のカフカ") == "海辺のかふか")
    }

    @Test(
        "kana are romanized in one spelling: small kana, っ, ー and ん included",
        arguments: [
            ("にんげんしっかく", "ningensikkaku"), ("キッチン", "kittin"), ("ファイナル", "fainaru"),
            ("ウェブ", "webu"), ("しぇふ", "syehu"), ("ちゃ", "tya"), ("コーヒー", "koohii"), ("ぼっちゃん", "bottyan"),
            ("ティー", "tii"), ("ヴァイオリン", "vaiorin"),
        ])
    func romanized(kana: String, latin: String) {
        #expect(Kana.romanized(kana) == latin)
    }

    @Test(
        "Hepburn, input-method and long-vowel spellings meet in one canonical form",
        arguments: [
            ("shikkaku", "sikkaku"), ("sikkaku", "sikkaku"), ("tsu", "tu"), ("tu", "tu"), ("toukyou", "tokyo"),
            ("tokyo", "tokyo"), ("konnnichiha", "konitiha"), ("shimbun", "sinbun"), ("matcha", "mattya"),
            ("kicchin", "kittin"), ("fuji", "huzi"), ("jyo", "zyo"), ("wo", "o"), ("koohii", "kohi"),
        ])
    func canonical(typed: String, canonical: String) {
        #expect(Romaji.canonical(typed) == canonical)
    }

    @Test("romaji and pinyin index words live behind a marker no typed word can hold")
    func readingNamespace() {
        #expect(Romaji.indexWord("shikkaku") == "·sikkaku")
        #expect(Romaji.isIndexWord("·sikkaku") && !Romaji.isIndexWord("sikkaku"))
        #expect(SearchText.words(in: "·sikkaku") == ["sikkaku"])
        #expect(TypoTolerance.allowedTypos(in: "·ningensikkaku") == 0)
    }

    @Test("a word typed part-way through a sound begins each canonical spelling of it")
    func partialSounds() {
        #expect(Romaji.prefixIndexWords("kaf") == ["·kahu", "·kaf"])
        #expect(Romaji.prefixIndexWords("ningensh") == ["·ningensi", "·ningensy"])
        #expect(Romaji.prefixIndexWords("shim") == ["·sim", "·sin"])
        #expect(Romaji.prefixIndexWords("umibenok") == ["·umibenok"])
    }

    @Test("traditional characters are searched as simplified; pinyin has no tones")
    func han() {
        #expect(Han.simplified("紅樓夢") == "红楼梦")
        #expect(Han.simplified("三體") == "三体")
        #expect(Han.simplified("海辺のカフカ") == "海辺のカフカ")
        #expect(Han.pinyin("红楼梦") == ["hong", "lou", "meng"])
        #expect(Han.pinyin("三体 kafka") == ["san", "ti"])
        #expect(Han.otherPinyin("水浒传") == ["shui", "hu", "zhuan"])
        #expect(Han.otherPinyin("红楼梦") == nil)
    }

    @Test("Hangul is spelled in the letters typed for it, compound vowels and clusters as two keys")
    func hangul() {
        #expect(Hangul.letters("소년이 온다") == "ㅅㅗㄴㅕㄴㅇㅣ ㅇㅗㄴㄷㅏ")
        #expect(Hangul.letters("채식주의자") == "ㅊㅐㅅㅣㄱㅈㅜㅇㅡㅣㅈㅏ")
        #expect(Hangul.letters("닭") == "ㄷㅏㄹㄱ")
        #expect(Hangul.letters("ㅘ") == "ㅗㅏ")
        // The syllable being built begins the one it becomes; a final consonant the next vowel
        // will move on begins that syllable.
        #expect(Hangul.letters("채식주의자").hasPrefix(Hangul.letters("채시")))
        #expect(Hangul.letters("소년").hasPrefix(Hangul.letters("손")))
        #expect(Hangul.characters(in: "채식주의자", spelledBy: 4) == 2)
    }

    @Test("readings are searched as kana, as romaji word by word and joined, and Han as pinyin")
    func readingForms() {
        let forms = SearchText.readingForms(of: "人間失格", readings: ["人間失格": "ニンゲン シッカク"])
        let words = forms.map { $0.words.map(\.folded) }
        #expect(words.contains(["にんげんしっかく"]))
        #expect(words.contains(["·ningen", "·sikkaku", "·ningensikkaku"]))
        // Pinyin in the same canonical spelling (ji as zi, shi as si), the way both sides are compared.
        #expect(words.contains { $0.starts(with: ["·ren", "·zian", "·si", "·ge"]) }, "\(words)")
        // Kana alone is read as written; Latin text has no forms.
        #expect(SearchText.readingForms(of: "キッチン", readings: [:]).map { $0.words.map(\.folded) } == [["·kittin"]])
        #expect(SearchText.readingForms(of: "Kafka on the Shore", readings: [:]).isEmpty)
    }

    @Test("kana followed by the Latin letters of the next kana is searched as the romaji of both")
    func kanaBeingComposed() {
        #expect(SearchText.exactQuery("うみべのk")?.terms == [BookQuery.Term(["·umibenok"], isPrefix: true)])
        #expect(SearchText.exactQuery("にんげんsh")?.terms == [BookQuery.Term(["·ningensi", "·ningensy"], isPrefix: true)])
        // A Hangul word is searched as typed and by its letters.
        #expect(SearchText.exactQuery("채시")?.terms == [BookQuery.Term(["채시", "ㅊㅐㅅㅣ"], isPrefix: true)])
    }
}

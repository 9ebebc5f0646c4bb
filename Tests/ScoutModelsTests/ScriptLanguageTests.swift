import ScoutModels
import Testing

@Suite("Result languages from scripts and codes")
struct ScriptLanguageTests {
    @Test(
        "the script tells: kana is Japanese, Hangul Korean, Han alone Chinese; nothing else",
        arguments: [
            ("ノルウェイの森", "ja"), ("東京タワー", "ja"), ("吾輩は猫である", "ja"), ("ｶﾀｶﾅ", "ja"), ("채식주의자", "ko"),
            ("三体", "zh"), ("紅樓夢", "zh"), ("韓國 한국", "ko"), ("Dune", nil), ("Война и мир", nil), ("1984", nil),
            ("", nil), ("Pokémon ポケモン", "ja"),
        ] as [(String, String?)])
    func scripts(title: String, expected: String?) {
        #expect(ScriptLanguage.guess(title) == expected)
    }

    @Test(
        "catalog codes become BCP 47 tags; codes of no one language, or no code, become nil",
        arguments: [
            ("eng", "en"), ("jpn", "ja"), ("en-US", "en-US"), ("en_GB", "en-GB"), ("fre", "fr"), ("ja", "ja"),
            ("zh-Hant", "zh-Hant"), ("mul", nil), ("und", nil), ("", nil), ("<b>", nil), ("e", nil), ("english", nil),
            ("en-", nil), (" ger ", "de"),
        ] as [(String, String?)])
    func codes(code: String, expected: String?) {
        #expect(LanguageTag.normalized(code) == expected)
    }

    @Test("an item keeps its language among its details")
    func itemLanguage() {
        #expect(SearchItem.details(["year": "1987"], language: "ja") == ["year": "1987", "lang": "ja"])
        #expect(SearchItem.details(["year": "1987"], language: nil) == ["year": "1987"])
    }
}

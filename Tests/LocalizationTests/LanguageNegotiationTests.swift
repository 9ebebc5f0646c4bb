import Localization
import Testing

@Suite("Language negotiation")
struct LanguageNegotiationTests {
    @Test(
        "Accept-Language: the highest weight Scout has, the header's order on ties",
        arguments: [
            ("ja", Language.japanese), ("ja-JP,ja;q=0.9,en;q=0.8", .japanese), ("en-US,en;q=0.9,ja;q=0.8", .english),
            ("fr-CH, fr;q=0.9, ja;q=0.7, en;q=0.5", .japanese), ("en;q=0.5, ja;q=0.6", .japanese),
            ("JA-jp", .japanese), ("ja;q=0, en", .english), ("en, ja", .english), ("ja, en", .japanese),
        ])
    func acceptLanguage(header: String, expected: Language) {
        #expect(LanguageNegotiation.preferred(acceptLanguage: header) == expected)
    }

    @Test(
        "Accept-Language that names nothing Scout has",
        arguments: [nil, "", "*", "fr, de;q=0.5", "ja;q=0", "ja;q=x", ";;,,"])
    func acceptLanguageNone(header: String?) {
        #expect(LanguageNegotiation.preferred(acceptLanguage: header) == nil)
    }

    @Test("a terminal's locale: LC_ALL, then LC_MESSAGES, then LANG; LANGUAGE's list unless C")
    func environment() {
        #expect(LanguageNegotiation.preferred(environment: ["LANG": "ja_JP.UTF-8"]) == .japanese)
        #expect(
            LanguageNegotiation.preferred(environment: ["LANG": "ja_JP.UTF-8", "LC_ALL": "en_US.UTF-8"]) == .english)
        #expect(
            LanguageNegotiation.preferred(environment: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "ja_JP"]) == .japanese)
        #expect(LanguageNegotiation.preferred(environment: ["LC_ALL": "", "LANG": "ja_JP.eucJP"]) == .japanese)
        #expect(LanguageNegotiation.preferred(environment: ["LANG": "C.UTF-8", "LANGUAGE": "ja"]) == nil)
        #expect(
            LanguageNegotiation.preferred(environment: ["LANG": "de_DE.UTF-8", "LANGUAGE": "fr:ja:en"]) == .japanese)
        #expect(LanguageNegotiation.preferred(environment: ["LANG": "POSIX"]) == nil)
        #expect(LanguageNegotiation.preferred(environment: ["LANG": "fr_FR.UTF-8"]) == nil)
        #expect(LanguageNegotiation.preferred(environment: [:]) == nil)
    }

    @Test("language codes by their primary subtag")
    func codes() {
        #expect(Language(code: "ja_JP.UTF-8@euro") == .japanese)
        #expect(Language(code: "en-GB") == .english)
        #expect(Language(code: "jav") == nil)
        #expect(Language(code: "") == nil)
    }
}

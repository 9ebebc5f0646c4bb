import Foundation
import Localization
import Testing

@Suite("Messages: fallback, values, counts, numbers")
struct MessagesTests {
    let catalogs: [Language: MessageCatalog] = [
        .english: MessageCatalog(
            language: .english,
            texts: [
                "greet": "Hello {name}", "only.english": "Only in English", "n.one": "{count} result",
                "n.other": "{count} results",
            ]),
        .japanese: MessageCatalog(language: .japanese, texts: ["greet": "{name} さん、こんにちは", "n.other": "{count} 件"]),
    ]

    @Test("a missing translation falls back to English; a key no catalog has reads as itself")
    func fallback() {
        let japanese = Messages(.japanese, catalogs: catalogs)
        #expect(japanese.text("greet", ["name": "Ada"]) == "Ada さん、こんにちは")
        #expect(japanese.text("only.english") == "Only in English")
        #expect(japanese.text("no.such.key") == "no.such.key")
    }

    @Test("a language with no catalog at all reads English")
    func noCatalog() {
        let messages = Messages(.japanese, catalogs: [.english: catalogs[.english]!])
        #expect(messages.text("greet", ["name": "Ada"]) == "Hello Ada")
    }

    @Test("count forms: English's one and other; Japanese has one form")
    func plurals() {
        let english = Messages(.english, catalogs: catalogs)
        let japanese = Messages(.japanese, catalogs: catalogs)
        #expect(english.plural("n", count: 1, ["count": "1"]) == "1 result")
        #expect(english.plural("n", count: 2, ["count": "2"]) == "2 results")
        #expect(english.plural("n", count: 0, ["count": "0"]) == "0 results")
        // Japanese lacks n.one, but English's n.one is not used for it: Japanese says 件 for any count.
        #expect(japanese.pluralKey("n", count: 1) == "n.one")
        #expect(Messages(.japanese).plural("tui.status.count", count: 1, ["count": "1"]) == "1 件")
    }

    @Test("numbers and dates in the language's way")
    func numbersAndDates() {
        #expect(Messages(.english).number(1_234_567) == "1,234,567")
        #expect(Messages(.japanese).number(1_234_567) == "1,234,567")
        let day = Date(timeIntervalSince1970: 1_796_342_400)  // 2026-12-04
        #expect(Messages(.english).date(day) == "Dec 4, 2026")
        #expect(Messages(.japanese).date(day) == "2026年12月4日")
    }

    @Test("placeholders: names, text around them, braces that are not placeholders")
    func templates() {
        #expect(
            MessageTemplate.segments(of: "{count} results for {query}")
                == [.value("count"), .text(" results for "), .value("query")])
        #expect(MessageTemplate.segments(of: "a { b } {} {x") == [.text("a { b } {} {x")])
        #expect(Messages.init(.english, catalogs: catalogs).text("greet", [:]) == "Hello {name}")
    }
}

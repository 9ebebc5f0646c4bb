import Foundation
import ScoutModels
import Testing

@Suite("SearchQuery normalization", .timeLimit(.minutes(10)))
struct SearchQueryTests {
    @Test(
        "normalizes to NFC, strips controls and bidi controls, collapses whitespace",
        arguments: [
            ("  swift  ", "swift"),
            ("a \t\n b", "a b"),
            ("Zu\u{308}rich", "Zürich"),
            ("Zu\u{0}\u{308}rich", "Zürich"),
            ("evil\u{1B}[31m", "evil[31m"),
            ("\u{202E}abc\u{202C}", "abc"),
            ("a\u{200F}b", "ab"),
            ("東京\u{3000}タワー", "東京 タワー"),
            ("a\u{00A0}b", "a b"),
            ("\u{FEFF}x", "x"),
            ("   ", ""),
        ])
    func normalization(raw: String, expected: String) throws {
        #expect(try SearchQuery(raw).text == expected)
    }

    @Test("256 characters are fine, 257 are a clear error")
    func lengthLimit() throws {
        let longest = String(repeating: "é", count: 256)
        #expect(try SearchQuery(longest).text.count == 256)
        #expect(throws: SearchQueryError.tooLong(length: 257, limit: 256)) {
            try SearchQuery(longest + "x")
        }
        #expect(
            SearchQueryError.tooLong(length: 257, limit: 256).description
                == "The search is 257 characters long; the limit is 256. Shorten it and try again.")
        // Whitespace that normalization removes does not count.
        #expect(try SearchQuery("  " + longest + "   ").text.count == 256)
    }

    @Test("the key ignores case and width; refinement is a longer key with the same start")
    func keyAndRefinement() throws {
        #expect(try SearchQuery("ZÜRICH").key == SearchQuery("zürich").key)
        #expect(try SearchQuery("ＡＢＣ").key == SearchQuery("abc").key)
        #expect(try SearchQuery("Zürich H").refines(SearchQuery("zür")))
        #expect(try !SearchQuery("zür").refines(SearchQuery("zür")))
        #expect(try !SearchQuery("zür").refines(SearchQuery("")))
        #expect(try !SearchQuery("bern").refines(SearchQuery("zür")))
    }
}

@Suite("TerminalText", .timeLimit(.minutes(10)))
struct TerminalTextTests {
    @Test("sanitize removes escapes, controls and bidi controls")
    func sanitize() {
        #expect(TerminalText.sanitize("a\u{1B}]0;title\u{07}b") == "a]0;titleb")
        #expect(TerminalText.sanitize("x\u{9B}31my") == "x31my")
        #expect(TerminalText.sanitize("line1\nline2\ttab") == "line1 line2 tab")
        #expect(TerminalText.sanitize("\u{202E}txet") == "txet")
    }

    @Test("widths: wide characters two columns, combining marks none")
    func widths() {
        #expect(TerminalText.width("abc") == 3)
        #expect(TerminalText.width("東京") == 4)
        #expect(TerminalText.width("Zu\u{308}rich") == 6)
        #expect(TerminalText.width("👍") == 2)
        #expect(TerminalText.width("한국어") == 6)
    }

    @Test("truncate and pad keep columns exact")
    func truncateAndPad() {
        #expect(TerminalText.truncate("Zürich Hauptbahnhof", toWidth: 8) == "Zürich …")
        #expect(TerminalText.truncate("東京タワー", toWidth: 5) == "東京…")
        #expect(TerminalText.width(TerminalText.pad("東京タワー", toWidth: 6)) == 6)
        #expect(TerminalText.pad("ab", toWidth: 4) == "ab  ")
        #expect(TerminalText.truncate("short", toWidth: 10) == "short")
    }
}

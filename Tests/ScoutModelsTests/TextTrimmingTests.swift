import Foundation
import ScoutModels
import Testing

@Suite("Text trimming", .timeLimit(.minutes(10)))
struct TextTrimmingTests {
    @Test(
        "trims what Foundation's whitespacesAndNewlines trims, and nothing more",
        arguments: [
            "", " ", "plain", "  both ends  ", "\t\n\r\u{0B}\u{0C}tabs\n", "\u{85}next line\u{85}",
            "\u{A0}\u{3000}ideographic\u{2028}\u{2029}", "inner  spaces stay", "\u{200B}zero width\u{200B}",
            "é\u{301} ", " 東京 ", "\u{1680}ogham\u{202F}",
        ])
    func matchesFoundation(text: String) {
        #expect(TextTrimming.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("a string with nothing to trim comes back unchanged")
    func untouched() {
        let text = "Page 7 of the benchmark"
        #expect(TextTrimming.trimmed(text) == text)
    }
}

import Foundation
import ScoutModels
import Testing

@testable import TerminalUI

@Suite("Title marks", .timeLimit(.minutes(1)))
struct TitleMarksTests {
    private func item(_ title: String, _ spans: [TextSpan]?) -> SearchItem {
        SearchItem(
            id: "1", title: title, description: nil, thumbnail: nil, link: URL(string: "https://example.org/")!,
            source: .books, titleMatches: spans)
    }

    @Test("the source's spans become columns; wide characters count two; UTF-16 offsets map to characters")
    func spans() {
        let hunger = item("The Hunger Games", [TextSpan(start: 4, end: 10), TextSpan(start: 11, end: 12)])
        #expect(
            TitleMarks.columns(of: hunger, shownAs: hunger.title, query: "x").map { [$0.offset, $0.width] } == [
                [4, 6], [11, 1],
            ])
        // 海辺の is three wide characters (six columns); 😀 is two UTF-16 units and two columns.
        let kafka = item(
            "海辺のカフカ 😀 go", [TextSpan(start: 3, end: 6), TextSpan(start: 7, end: 9), TextSpan(start: 10, end: 12)])
        #expect(
            TitleMarks.columns(of: kafka, shownAs: kafka.title, query: "").map { [$0.offset, $0.width] } == [
                [6, 6], [13, 2], [16, 2],
            ])
    }

    @Test("without spans, or when the shown title was cleaned, the typed prefix is marked")
    func fallback() {
        let plain = item("Zürich", nil)
        #expect(
            TitleMarks.columns(of: plain, shownAs: plain.title, query: "zur").map { [$0.offset, $0.width] } == [[0, 3]])
        let cleaned = item("Zü\u{1B}rich", [TextSpan(start: 0, end: 7)])
        #expect(
            TitleMarks.columns(of: cleaned, shownAs: "Zürich", query: "zur").map { [$0.offset, $0.width] } == [[0, 3]])
    }
}

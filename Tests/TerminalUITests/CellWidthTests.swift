import ScoutModels
import Testing

@testable import TerminalUI

@Suite("Cell widths and sanitizing", .timeLimit(.minutes(10)))
struct CellWidthTests {
    @Test(
        "display widths",
        arguments: [
            ("abc", 3), ("東京", 4), ("東京タワー", 10), ("한국어", 6), ("🙂", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇨🇭", 2),
            ("e\u{301}", 1), ("Zu\u{308}rich", 6), ("ａｂ", 4), ("❤️", 2),
        ])
    func widths(text: String, columns: Int) {
        #expect(TerminalText.width(text) == columns)
        var grid = CellGrid(rows: 1, columns: 20)
        #expect(grid.write(text, row: 0, column: 0) == columns)
    }

    @Test("a lone combining mark joins the cell before it; nothing shifts")
    func combining() {
        var grid = CellGrid(rows: 1, columns: 10)
        let end = grid.write("a\u{301}b", row: 0, column: 0)
        #expect(end == 2)
        #expect(grid[0, 0].text == "a\u{301}")
        #expect(grid[0, 1].text == "b")
    }

    @Test("a wide character that would straddle the edge becomes a space")
    func edge() {
        var grid = CellGrid(rows: 1, columns: 3)
        #expect(grid.write("ab東", row: 0, column: 0) == 3)
        #expect(grid[0, 2].text == " ")
    }

    static let payloads = [
        "\u{1B}[2J", "\u{1B}]0;pwned\u{07}", "\u{1B}]8;;http://evil/\u{1B}\\link", "\u{9B}31m", "\u{1B}P+q\u{1B}\\",
        "a\u{202E}txt.exe", "\u{2066}x\u{2069}", "\u{1B}[?1049l", "bell\u{07}", "\u{1B}_Ga=d\u{1B}\\",
        "nul\u{0}", "\u{1B}c", "\u{8D}", "\u{061C}",
    ]

    @Test("escape-injection payloads never reach a cell as controls", arguments: payloads)
    func injection(payload: String) {
        var grid = CellGrid(rows: 1, columns: 40)
        grid.write("x" + payload + "y", row: 0, column: 0)
        for column in 0..<40 {
            for scalar in grid[0, column].text.unicodeScalars {
                #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
                #expect(
                    ![0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x061C]
                        .contains(scalar.value))
            }
        }
        var differ = ScreenDiffer()
        let frame = differ.frame(grid, cursor: nil)
        // The only escapes in the frame are the differ's own: cursor moves, clears, SGR.
        let escapes = frame.split(separator: "\u{1B}", omittingEmptySubsequences: true).dropFirst(0)
        for escape in escapes where !escape.isEmpty {
            #expect(escape.hasPrefix("["))
        }
    }
}

import Testing

@testable import TerminalUI

@Suite("Screen differ", .timeLimit(.minutes(10)))
struct ScreenDifferTests {
    @Test("the first frame clears and draws everything; an identical frame draws nothing")
    func firstAndIdentical() {
        var grid = CellGrid(rows: 3, columns: 10)
        grid.write("hello", row: 1, column: 2)
        var differ = ScreenDiffer()
        let first = differ.frame(grid, cursor: nil)
        #expect(first.contains("\u{1B}[2J"))
        #expect(first.contains("\u{1B}[2;3Hhello"))
        #expect(differ.frame(grid, cursor: nil) == "\u{1B}[?25l")
    }

    @Test("only changed cells are written, with one cursor move per run")
    func changedCells() {
        var grid = CellGrid(rows: 3, columns: 10)
        grid.write("hello", row: 1, column: 0)
        var differ = ScreenDiffer()
        _ = differ.frame(grid, cursor: nil)
        grid.write("J", row: 1, column: 0)
        grid.write("y", row: 1, column: 4)
        grid.write("!", row: 2, column: 9)
        let frame = differ.frame(grid, cursor: ScreenDiffer.Cursor(row: 0, column: 3))
        #expect(frame == "\u{1B}[?25l\u{1B}[2;1HJ\u{1B}[2;5Hy\u{1B}[3;10H!\u{1B}[1;4H\u{1B}[?25h")
    }

    @Test("style changes are emitted once per run and reset at the end")
    func styles() {
        var grid = CellGrid(rows: 1, columns: 6)
        var differ = ScreenDiffer()
        _ = differ.frame(grid, cursor: nil)
        grid.write("ab", row: 0, column: 0, style: Style(isBold: true))
        grid.write("c", row: 0, column: 2)
        let frame = differ.frame(grid, cursor: nil)
        #expect(frame == "\u{1B}[?25l\u{1B}[1;1H\u{1B}[0;1mab\u{1B}[0mc")
    }

    @Test("wide characters take two cells and force an explicit move after them")
    func wide() {
        var grid = CellGrid(rows: 1, columns: 8)
        var differ = ScreenDiffer()
        _ = differ.frame(grid, cursor: nil)
        #expect(grid.write("東x", row: 0, column: 0) == 3)
        #expect(grid[0, 1] == .continuation)
        let frame = differ.frame(grid, cursor: nil)
        #expect(frame == "\u{1B}[?25l\u{1B}[1;1H東\u{1B}[1;3Hx")
        // Overwriting half of a wide character blanks the other half.
        grid.write("a", row: 0, column: 1)
        #expect(grid[0, 0].text == " ")
    }

    @Test("a new size repaints everything")
    func resize() {
        var differ = ScreenDiffer()
        _ = differ.frame(CellGrid(rows: 2, columns: 4), cursor: nil)
        #expect(differ.frame(CellGrid(rows: 3, columns: 4), cursor: nil).contains("\u{1B}[2J"))
        differ.invalidate()
        #expect(differ.frame(CellGrid(rows: 3, columns: 4), cursor: nil).contains("\u{1B}[2J"))
    }
}

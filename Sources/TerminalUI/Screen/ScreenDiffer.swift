/// Turns the difference between two frames into the bytes that paint it: only changed cells,
/// cursor moves only where the next changed cell is not where the cursor already is, colours
/// only where they change — one string, written to the terminal in one `write`.
///
/// Pure: it never touches the terminal, so tests and the benchmark count its bytes directly.
///
/// ```swift
/// var differ = ScreenDiffer()
/// terminal.write(differ.frame(grid, cursor: .init(row: 0, column: 7)))   // the first frame: everything
/// terminal.write(differ.frame(nextGrid, cursor: nil))                     // then only what changed
/// ```
public struct ScreenDiffer: Sendable {
    /// Where the terminal's cursor should rest after a frame, or nil to hide it.
    public struct Cursor: Sendable, Hashable {
        public var row: Int
        public var column: Int

        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    /// What the terminal shows now; nil before the first frame and after ``invalidate()``.
    public private(set) var shown: CellGrid?

    public init() {}

    /// Forgets what is on screen, so the next frame repaints everything (after a resize, or
    /// when something else wrote to the terminal).
    public mutating func invalidate() { shown = nil }

    /// The bytes that turn the screen shown into `next`, then place (or hide) the cursor.
    public mutating func frame(_ next: CellGrid, cursor: Cursor?) -> String {
        var writer = FrameWriter()
        writer.output += "\u{1B}[?25l"  // hidden while painting, so it never flickers across
        let previous = shown.flatMap { $0.rows == next.rows && $0.columns == next.columns ? $0 : nil }
        if previous == nil { writer.output += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        for row in 0..<next.rows {
            for column in 0..<next.columns {
                let cell = next[row, column]
                if let previous, previous[row, column] == cell { continue }
                if cell.isContinuation { continue }
                if previous == nil, cell == .blank { continue }  // the clear already drew it
                writer.put(cell, row: row, column: column, lastColumn: next.columns - 1)
            }
        }
        writer.resetStyle()
        if let cursor {
            writer.move(row: cursor.row, column: cursor.column)
            writer.output += "\u{1B}[?25h"
        }
        shown = next
        return writer.output
    }
}

/// The cursor and style the terminal has while a frame is written.
private struct FrameWriter {
    var output = ""
    /// Where the next character would land; nil when not known for sure.
    var position: (row: Int, column: Int)?
    var style = Style.plain

    mutating func put(_ cell: Cell, row: Int, column: Int, lastColumn: Int) {
        if position == nil || position! != (row, column) { move(row: row, column: column) }
        if cell.style != style {
            output += cell.style.sgr
            style = cell.style
        }
        output += cell.text
        let isPlainNarrow = cell.text.utf8.count == 1
        // After the last column the terminal waits to wrap; after a wide or composed character
        // its idea of the width may differ from ours. Either way, move explicitly next time.
        position = isPlainNarrow && column < lastColumn ? (row, column + 1) : nil
    }

    mutating func move(row: Int, column: Int) {
        output += "\u{1B}[\(row + 1);\(column + 1)H"
        position = (row, column)
    }

    mutating func resetStyle() {
        guard style != .plain else { return }
        output += "\u{1B}[0m"
        style = .plain
    }
}

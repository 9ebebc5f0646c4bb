import ScoutModels

/// A screen's worth of ``Cell``s that views draw into and ``ScreenDiffer`` compares.
///
/// Text is measured with ``ScoutModels/TerminalText`` (wide characters take two columns,
/// combining marks none), so what follows a wide character never shifts. Writes are clipped
/// to the grid; a wide character that would straddle the right edge becomes a space.
///
/// ```swift
/// var grid = CellGrid(rows: 24, columns: 80)
/// let end = grid.write("東京 Tower", row: 2, column: 0)   // end == 10
/// ```
public struct CellGrid: Sendable, Equatable {
    public let rows: Int
    public let columns: Int
    private(set) var cells: [Cell]

    /// A grid of blank cells.
    public init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        cells = Array(repeating: .blank, count: self.rows * self.columns)
    }

    /// The cell at `row`, `column` (both must be inside the grid).
    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// Writes `text` from `column` on `row`, at most up to `limit` (the grid's width by default);
    /// returns the column after the last one written. `text` is sanitized here, whatever the
    /// caller did: no control character or escape sequence can reach a cell (invariant 5).
    @discardableResult
    public mutating func write(_ text: String, row: Int, column: Int, style: Style = .plain, limit: Int? = nil) -> Int {
        guard row >= 0, row < rows else { return column }
        let end = min(limit ?? columns, columns)
        var position = max(0, column)
        for character in TerminalText.sanitize(text) {
            let width = TerminalText.width(of: character)
            if width == 0 {
                attachMark(character, row: row, before: position)
                continue
            }
            guard position + width <= end else {
                if position < end { self[row, position] = Cell(text: " ", style: style) }
                return end
            }
            place(Cell(text: String(character), style: style), row: row, column: position, width: width)
            position += width
        }
        return position
    }

    /// Fills `count` cells from `column` on `row` with `cell`.
    public mutating func fill(row: Int, column: Int, count: Int, with cell: Cell = .blank) {
        guard row >= 0, row < rows else { return }
        for index in max(0, column)..<max(max(0, column), min(columns, column + count)) {
            place(cell, row: row, column: index, width: 1)
        }
    }

    /// Sets the style of `count` cells from `column`, keeping their text (for highlights).
    public mutating func restyle(row: Int, column: Int, count: Int, _ change: (inout Style) -> Void) {
        guard row >= 0, row < rows else { return }
        for index in max(0, column)..<max(max(0, column), min(columns, column + count)) {
            change(&self[row, index].style)
        }
    }

    /// Puts a cell of `width` columns, first blanking any wide character it would cut in half
    /// (a lone half would shift the rest of the line on a real terminal).
    private mutating func place(_ cell: Cell, row: Int, column: Int, width: Int) {
        if self[row, column].isContinuation, column > 0 { self[row, column - 1].text = " " }
        let after = column + width
        if after < columns, self[row, after].isContinuation { self[row, after].text = " " }
        self[row, column] = cell
        if width == 2 { self[row, column + 1] = .continuation }
    }

    /// A zero-width character (a lone combining mark) joins the grapheme before it, as the
    /// terminal would draw it; with nothing before it, it is dropped.
    private mutating func attachMark(_ mark: Character, row: Int, before position: Int) {
        var index = position - 1
        while index >= 0, self[row, index].isContinuation { index -= 1 }
        guard index >= 0, index < columns else { return }
        self[row, index].text.append(mark)
    }
}

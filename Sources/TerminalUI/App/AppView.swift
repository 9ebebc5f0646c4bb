import InstantSearch
import Localization
import ScoutModels

/// Draws a ``TerminalApp`` into a ``CellGrid``: the query line, the tabs, the list (results,
/// or the related panel), and the status line. Reads the app and its model; changes nothing
/// but the app's scroll position and its record of the query shown.
@MainActor
struct AppView {
    let app: TerminalApp

    /// Rows above the list: the query line and the tabs.
    nonisolated static let headerRows = 2
    /// Rows each result takes: its title, then its description.
    nonisolated static let itemRows = 2
    static let accent = Style.Color.basic(6)

    func draw() -> (CellGrid, ScreenDiffer.Cursor?) {
        var grid = CellGrid(rows: app.size.rows, columns: app.size.columns)
        guard grid.rows >= 4, grid.columns >= 10 else {
            grid.write(app.messages.text("tui.tooSmall"), row: 0, column: 0)
            return (grid, nil)
        }
        let cursor: ScreenDiffer.Cursor
        if app.isShowingAll {
            cursor = drawQueryLine(into: &grid)
            drawTabs(into: &grid)
            drawOverview(into: &grid)
            drawOverviewStatus(into: &grid)
        } else {
            app.resetSelectionIfQueryChanged()
            cursor = drawQueryLine(into: &grid)
            drawTabs(into: &grid)
            drawList(into: &grid)
            drawStatus(into: &grid)
        }
        return (grid, cursor)
    }

    /// `› query` with the cursor where the editor has it; the line scrolls when too long.
    private func drawQueryLine(into grid: inout CellGrid) -> ScreenDiffer.Cursor {
        let prompt = "› "
        grid.write(prompt, row: 0, column: 0, style: Style(foreground: Self.accent, isBold: true))
        let characters = app.editor.characters
        let room = grid.columns - 3
        var start = 0
        let widthBeforeCursor = { TerminalText.width(String(characters[start..<app.editor.cursor])) }
        while widthBeforeCursor() > room, start < app.editor.cursor { start += 1 }
        grid.write(String(characters[start...]), row: 0, column: 2, limit: grid.columns)
        return ScreenDiffer.Cursor(row: 0, column: min(grid.columns - 1, 2 + widthBeforeCursor()))
    }

    /// ` All  Wikipedia  Books ` with the active tab reversed.
    private func drawTabs(into grid: inout CellGrid) {
        var labels = app.tabs.enumerated().map { ($1.name, !app.isShowingAll && $0 == app.activeTab) }
        if let overview = app.overview { labels.insert((overview.name, app.isShowingAll), at: 0) }
        var column = 0
        for (name, isActive) in labels {
            let style = isActive ? Style(isBold: true, isReversed: true) : Style(isDim: true)
            column = grid.write(" \(name) ", row: 1, column: column, style: style)
            column += 1
        }
        if labels.count > 1 {
            grid.write(
                app.messages.text("tui.switchHint"), row: 1, column: max(column, grid.columns - 6),
                style: Style(isDim: true))
        }
    }
}

extension TerminalApp {
    /// Rows of the list area: between the header and the status line.
    var listRows: Int { max(0, size.rows - AppView.headerRows - 1) }

    /// Results (rows, or tiles in a grid) that fit on screen at once.
    var visibleItemCount: Int {
        isGrid ? tilesPerRow * max(1, listRows / AppView.tileRows) : max(1, listRows / AppView.itemRows)
    }

    /// A new query's results start at the top.
    func resetSelectionIfQueryChanged() {
        guard related == nil else { return }
        let query = model.state.query
        if query != shownQuery {
            shownQuery = query
            selection = 0
            scrollTop = 0
        }
        selection = min(selection, max(0, model.items.count - 1))
    }

    /// Keeps the selection on screen; returns the first visible row index.
    func scrolledTop(visible: Int) -> Int {
        if selection < scrollTop { scrollTop = selection }
        if selection >= scrollTop + visible { scrollTop = selection - visible + 1 }
        return scrollTop
    }
}

extension AppView {
    /// `text` in the reader's quotation marks (“…”, 「…」).
    func quoted(_ text: String) -> String {
        app.messages.text("quote", ["text": text])
    }
}

import InstantSearch
import ScoutModels

extension AppView {
    /// Columns and rows of one tile: the thumbnail (two rows) and a caption below it.
    nonisolated static let tileColumns = 13
    nonisolated static let tileRows = 3

    /// Photos as a grid of tiles, scrolled by whole rows of tiles to keep the selection visible.
    func drawGrid(_ items: [SearchItem], into grid: inout CellGrid, top: Int, isStale: Bool) {
        let perRow = app.tilesPerRow
        let first = app.scrolledTopTile(perRow: perRow, visibleRows: max(1, app.listRows / Self.tileRows))
        let last = min(items.count, first + perRow * max(1, app.listRows / Self.tileRows))
        for index in first..<last {
            let row = top + (index - first) / perRow * Self.tileRows
            let column = 1 + (index - first) % perRow * Self.tileColumns
            let isSelected = index == app.selection
            if isSelected {
                for offset in 0..<Self.tileRows {
                    grid.write("▌", row: row + offset, column: column, style: Style(foreground: Self.accent))
                }
            }
            let imageColumn = column + 1 + (Self.tileColumns - 2 - ThumbnailStore.columns) / 2
            app.thumbnails?.draw(items[index], into: &grid, row: row, column: imageColumn)
            let caption = TerminalText.truncate(
                TerminalText.sanitize(items[index].title), toWidth: Self.tileColumns - 2)
            grid.write(
                caption, row: row + Self.itemRows, column: column + 1,
                style: Style(isBold: isSelected, isDim: isStale, isUnderlined: isSelected))
        }
    }
}

extension TerminalApp {
    /// Whether the active tab shows a grid (photos) rather than rows.
    var isGrid: Bool { tabs[activeTab].layout == .grid && related == nil }

    /// Tiles side by side at the current width.
    var tilesPerRow: Int { max(1, (size.columns - 1) / AppView.tileColumns) }

    /// Keeps the selected tile's row on screen; returns the index of the first visible tile.
    func scrolledTopTile(perRow: Int, visibleRows: Int) -> Int {
        var topRow = scrollTop / perRow
        let selectedRow = selection / perRow
        if selectedRow < topRow { topRow = selectedRow }
        if selectedRow >= topRow + visibleRows { topRow = selectedRow - visibleRows + 1 }
        scrollTop = topRow * perRow
        return scrollTop
    }
}

import InstantSearch
import Localization
import ScoutModels

extension AppView {
    /// Results (or the related panel), two rows each: the title with the typed prefix
    /// highlighted, then the description dimmed; a thumbnail to the left when pictures are on.
    func drawList(into grid: inout CellGrid) {
        let top = Self.headerRows
        if let panel = app.related {
            drawRelated(panel, into: &grid, top: top)
            return
        }
        let state = app.model.state
        let items = state.items
        if items.isEmpty {
            grid.write(placeholder(for: state), row: top + 1, column: 2, style: Style(isDim: true))
            return
        }
        let isStale = state.isLoading
        if app.isGrid {
            drawGrid(items, into: &grid, top: top, isStale: isStale)
            return
        }
        let query = state.query ?? ""
        drawRows(
            items.map { ($0, $0.description) }, into: &grid, top: top, rowsAvailable: app.listRows,
            highlight: query, isStale: isStale)
    }

    private func drawRelated(_ panel: RelatedPanel, into grid: inout CellGrid, top: Int) {
        let messages = app.messages
        let title = messages.text("tui.related.title", ["title": quoted(panel.origin.title)])
        grid.write(title, row: top, column: 1, style: Style(foreground: Self.accent, isBold: true))
        switch panel {
        case .loading:
            grid.write(messages.text("tui.related.loading"), row: top + 2, column: 2, style: Style(isDim: true))
        case .failed(_, let message):
            grid.write(message, row: top + 2, column: 2, style: Style(foreground: .basic(1)))
        case .loaded(_, let entries) where entries.isEmpty:
            grid.write(messages.text("tui.related.none"), row: top + 2, column: 2, style: Style(isDim: true))
        case .loaded(_, let entries):
            drawRows(
                entries.map { ($0.item, $0.reason) }, into: &grid, top: top + 1, rowsAvailable: app.listRows - 1,
                highlight: "", isStale: false)
        }
    }

    /// Rows for `entries` (an item and its second line) from `top`, scrolled to the selection.
    private func drawRows(
        _ entries: [(item: SearchItem, detail: String?)], into grid: inout CellGrid, top: Int, rowsAvailable: Int,
        highlight query: String, isStale: Bool
    ) {
        let visible = max(1, rowsAvailable / Self.itemRows)
        let first = app.scrolledTop(visible: visible)
        for index in first..<min(entries.count, first + visible) {
            let (item, detail) = entries[index]
            drawItem(
                item, detail: detail, into: &grid, row: top + (index - first) * Self.itemRows,
                isSelected: index == app.selection, highlight: query, isStale: isStale)
        }
    }

    /// One result on two rows from `row`: its thumbnail, its title with the matched parts
    /// marked, `detail` dimmed below; a bar and a shaded title when selected.
    func drawItem(
        _ item: SearchItem, detail: String?, into grid: inout CellGrid, row: Int, isSelected: Bool,
        highlight query: String, isStale: Bool
    ) {
        let textColumn = app.thumbnails == nil ? 2 : 2 + ThumbnailStore.columns + 1
        if isSelected {
            grid.write("▌", row: row, column: 0, style: Style(foreground: Self.accent))
            grid.write("▌", row: row + 1, column: 0, style: Style(foreground: Self.accent))
        }
        app.thumbnails?.draw(item, into: &grid, row: row, column: 2)
        let title = TerminalText.sanitize(item.title)
        var titleStyle = Style(isBold: isSelected, isDim: isStale)
        let end = grid.write(title, row: row, column: textColumn, style: titleStyle)
        titleStyle.foreground = Self.accent
        titleStyle.isUnderlined = true
        for (offset, width) in TitleMarks.columns(of: item, shownAs: title, query: query) {
            let column = textColumn + offset
            guard column < end else { break }
            grid.restyle(row: row, column: column, count: min(width, end - column)) { $0 = titleStyle }
        }
        if let detail {
            grid.write(detail, row: row + 1, column: textColumn, style: Style(isDim: true))
        }
        if isSelected {
            grid.restyle(row: row, column: 1, count: grid.columns - 1) { $0.background = .basic(8) }
        }
    }

    /// What the list says when it has no rows.
    func placeholder(for state: SearchState, source: String? = nil) -> String {
        let source = source ?? app.tabs[app.activeTab].name
        let messages = app.messages
        switch state {
        case .idle:
            return messages.text("tui.idle", ["source": source])
        case .loading(let query, _):
            return messages.text("tui.searching", ["source": source, "query": quoted(query)])
        case .empty(let query, let suggestion):
            guard let suggestion else { return messages.text("tui.empty", ["source": source, "query": quoted(query)]) }
            return messages.text(
                "tui.emptyWithSuggestion", ["source": source, "query": quoted(query), "suggestion": quoted(suggestion)])
        case .failed(_, let message, _), .offline(_, let message):
            return message
        case .results:
            return ""
        }
    }
}

import InstantSearch
import Localization
import ScoutModels

extension AppView {
    /// The All tab: a section per source in fixed order, each the same height — its name, its
    /// first results (or what it is doing), and "more in …" or its failure with the retry hint.
    func drawOverview(into grid: inout CellGrid) {
        guard let overview = app.overview, let layout = app.overviewLayout else { return }
        app.settleOverviewSlot()
        let top = Self.headerRows
        let query = overview.model.query
        if query.isEmpty {
            grid.write(app.messages.text("tui.all.idle"), row: top + 1, column: 2, style: Style(isDim: true))
            return
        }
        let visible = max(1, app.listRows / layout.sectionRows)
        let first = app.scrolledOverviewTop(visibleSections: visible)
        for (place, section) in layout.sections.dropFirst(first).prefix(visible).enumerated() {
            drawSection(section, layout: layout, into: &grid, row: top + place * layout.sectionRows, query: query)
        }
    }

    private func drawSection(
        _ section: MultiSearchSession.Section, layout: OverviewLayout, into grid: inout CellGrid, row: Int,
        query: String
    ) {
        let name = app.sectionName(section)
        grid.write(name, row: row, column: 1, style: Style(foreground: Self.accent, isBold: true))
        let selected = app.selectedSlot
        let lastRow = row + 1 + layout.itemsPerSection * Self.itemRows
        let isLastSelected = selected == OverviewSlot(section: section.index, item: nil)
        if let message = section.state.message {
            let text = app.messages.text("tui.status.retry", ["message": message])
            drawLastLine(text, into: &grid, row: row + 1, isSelected: isLastSelected, isError: true)
            return
        }
        let items = layout.shownItems(of: section)
        if items.isEmpty {
            let text = placeholder(for: section.state, source: name)
            grid.write(text, row: row + 1, column: 2, style: Style(isDim: true))
            return
        }
        for (index, item) in items.enumerated() {
            drawItem(
                item, detail: item.description, into: &grid, row: row + 1 + index * Self.itemRows,
                isSelected: selected == OverviewSlot(section: section.index, item: index), highlight: query,
                isStale: section.state.isLoading)
        }
        if layout.hasMore(section) {
            let text = app.messages.text("tui.all.more", ["source": name])
            drawLastLine(text, into: &grid, row: lastRow, isSelected: isLastSelected, isError: false)
        }
    }

    /// A section's last line: "more in …", or its failure in red.
    private func drawLastLine(_ text: String, into grid: inout CellGrid, row: Int, isSelected: Bool, isError: Bool) {
        var style = Style(isBold: isSelected, isDim: !isSelected && !isError)
        if isError { style.foreground = .basic(1) }
        if isSelected { grid.write("▌", row: row, column: 0, style: Style(foreground: Self.accent)) }
        grid.write(text, row: row, column: 2, style: style)
        if isSelected { grid.restyle(row: row, column: 1, count: grid.columns - 1) { $0.background = .basic(8) } }
    }

    /// The All tab's status line: its name, how many sources answered, what is loading, a notice.
    func drawOverviewStatus(into grid: inout CellGrid) {
        guard let overview = app.overview else { return }
        let row = grid.rows - 1
        let bar = Style(isReversed: true)
        grid.fill(row: row, column: 0, count: grid.columns, with: Cell(text: " ", style: bar))
        var column = grid.write(" \(overview.name)", row: row, column: 0, style: Style(isBold: true, isReversed: true))
        if overview.model.isLoading {
            let spinner = Self.spinnerFrames[app.spinnerFrame % Self.spinnerFrames.count]
            column = grid.write(
                " · \(spinner) " + app.messages.text("tui.status.searching"), row: row, column: column, style: bar)
        }
        if let notice = app.notice {
            let text = notice + " "
            grid.write(text, row: row, column: max(column + 2, grid.columns - TerminalText.width(text)), style: bar)
        }
    }
}

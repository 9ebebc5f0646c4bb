import InstantSearch
import Localization
import ScoutModels

extension TerminalApp {
    /// The All tab's sections laid out for the current window.
    var overviewLayout: OverviewLayout? {
        overview.map { OverviewLayout(sections: $0.model.sections, listRows: listRows) }
    }

    /// The selected line of the All tab: the one chosen while it is still there, else the first.
    var selectedSlot: OverviewSlot? {
        guard let slots = overviewLayout?.slots else { return nil }
        if let overviewSlot, slots.contains(overviewSlot) { return overviewSlot }
        return slots.first
    }

    /// A new query starts at the top; otherwise the selection stays on its line, so a section
    /// answering above it adds lines without moving it.
    func settleOverviewSlot() {
        let query = overview?.model.query
        if query != shownQuery {
            shownQuery = query
            overviewSlot = nil
            overviewTop = 0
        }
        overviewSlot = selectedSlot
    }

    /// Keys of the All tab: ↑/↓ and PgUp/PgDn move across sections' lines, Enter opens a result
    /// (on "more in …" switches to that source, on a failure retries it), → on "more in …" too,
    /// r retries. Returns false for keys handled as on any tab (typing, Tab, quitting).
    func handleOverview(_ key: Key) -> Bool {
        switch key {
        case .up: moveOverviewSlot(by: -1)
        case .down: moveOverviewSlot(by: 1)
        case .pageUp: moveOverviewSlot(by: -(overviewLayout?.itemsPerSection ?? 1))
        case .pageDown: moveOverviewSlot(by: overviewLayout?.itemsPerSection ?? 1)
        case .enter: activateOverviewSlot()
        case .right where editor.isCursorAtEnd:
            if let slot = selectedSlot, slot.item == nil, failedSection(slot.section) == nil { activateOverviewSlot() }
        case .text("r") where !failedSections.isEmpty, .control("r"): retryOverview()
        case .control("l"): notice = messages.text("tui.language.none")
        default: return false
        }
        return true
    }

    private func moveOverviewSlot(by delta: Int) {
        guard let slots = overviewLayout?.slots, let current = selectedSlot,
            let index = slots.firstIndex(of: current)
        else { return }
        overviewSlot = slots[min(max(0, index + delta), slots.count - 1)]
    }

    /// Enter: opens the selected result; on a section's last line retries it when it failed,
    /// else shows that source's tab with the same query.
    private func activateOverviewSlot() {
        guard let layout = overviewLayout, let slot = selectedSlot else { return }
        if let item = layout.item(at: slot) {
            open(item)
        } else if failedSection(slot.section) != nil {
            overview?.model.retry(section: slot.section)
        } else if let tab = tabIndex(of: layout.sections[slot.section].source) {
            show(tab: tab)
        }
    }

    /// r: the selected section when it failed, else every section that failed.
    private func retryOverview() {
        guard let model = overview?.model else { return }
        if let slot = selectedSlot, failedSection(slot.section) != nil {
            model.retry(section: slot.section)
        } else {
            for section in failedSections { model.retry(section: section) }
        }
    }

    /// The indices of the sections showing a failure.
    var failedSections: [Int] {
        overview?.model.sections.filter { $0.state.message != nil }.map(\.index) ?? []
    }

    private func failedSection(_ index: Int) -> String? {
        guard let sections = overview?.model.sections, sections.indices.contains(index) else { return nil }
        return sections[index].state.message
    }

    /// The source tab searching `source`.
    func tabIndex(of source: SourceID) -> Int? {
        tabs.firstIndex { $0.source == source }
    }

    /// A section's name: its tab's (in the reader's language), else the provider's.
    func sectionName(_ section: MultiSearchSession.Section) -> String {
        tabIndex(of: section.source).map { tabs[$0].name } ?? section.displayName
    }

    /// Keeps the selected line's section on screen; returns the first section shown.
    func scrolledOverviewTop(visibleSections: Int) -> Int {
        let selected = selectedSlot?.section ?? 0
        if selected < overviewTop { overviewTop = selected }
        if selected >= overviewTop + visibleSections { overviewTop = selected - visibleSections + 1 }
        return overviewTop
    }
}

import InstantSearch
import ScoutModels

/// The "All" tab: one query to every source at once through a
/// ``InstantSearch/MultiSearchViewModel``, a section per source in the model's fixed order.
///
/// ```swift
/// let all = OverviewTab(name: "All", model: MultiSearchViewModel(providers: [wikipedia, commons, books]))
/// let app = TerminalApp(tabs: tabs, overview: all, output: .standard, size: size, clock: ContinuousClock())
/// ```
@MainActor
public struct OverviewTab {
    /// The tab's label ("All").
    public let name: String
    /// The model typing drives while this tab is active.
    public let model: MultiSearchViewModel

    public init(name: String, model: MultiSearchViewModel) {
        self.name = name
        self.model = model
    }
}

/// A line of the All tab that ↑/↓ can select: one of a section's results, or its last line —
/// "more in Books →", or its failure with the retry hint.
struct OverviewSlot: Equatable {
    let section: Int
    /// The result's index in the section; nil for the section's last line.
    let item: Int?
}

/// Where each section of the All tab sits and what it offers, for one screen size: every
/// section has the same height whatever it holds, so one answering never moves another.
struct OverviewLayout {
    /// Results shown per section.
    let itemsPerSection: Int
    let sections: [MultiSearchSession.Section]

    /// Rows per section: its heading, its results, its last line.
    var sectionRows: Int { 2 + itemsPerSection * AppView.itemRows }

    /// Up to 5 results a section, fewer when the sections would not fit `listRows` (never none).
    init(sections: [MultiSearchSession.Section], listRows: Int) {
        self.sections = sections
        let share = listRows / max(1, sections.count)
        itemsPerSection = min(5, max(1, (share - 2) / AppView.itemRows))
    }

    /// The results a section shows.
    func shownItems(of section: MultiSearchSession.Section) -> ArraySlice<SearchItem> {
        section.state.items.prefix(itemsPerSection)
    }

    /// True when a section has more than it shows: the "more in …" line.
    func hasMore(_ section: MultiSearchSession.Section) -> Bool {
        guard case .results(_, let items, _, let hasMore, _) = section.state else { return false }
        return hasMore || items.count > itemsPerSection
    }

    /// Every selectable line, top to bottom.
    var slots: [OverviewSlot] {
        sections.flatMap { section -> [OverviewSlot] in
            if section.state.message != nil { return [OverviewSlot(section: section.index, item: nil)] }
            let items = shownItems(of: section).indices.map { OverviewSlot(section: section.index, item: $0) }
            return items + (hasMore(section) ? [OverviewSlot(section: section.index, item: nil)] : [])
        }
    }

    /// The result a slot shows, if it shows one.
    func item(at slot: OverviewSlot) -> SearchItem? {
        guard let index = slot.item, sections.indices.contains(slot.section) else { return nil }
        let items = sections[slot.section].state.items
        return items.indices.contains(index) ? items[index] : nil
    }
}

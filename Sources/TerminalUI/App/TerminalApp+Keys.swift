import Foundation
import InstantSearch
import Localization
import ScoutModels

extension TerminalApp {
    /// Reacts to one key (without painting).
    public func handle(_ key: Key) {
        notice = nil
        if related != nil, handleRelated(key) { return }
        if isShowingAll, handleOverview(key) { return }
        switch key {
        case .text(let text): type(text)
        case .control("c"): isFinished = true
        case .control("a"), .home: editor.moveToStart()
        case .control("e"), .end: editor.moveToEnd()
        case .control("u"): edit { $0.deleteToStart() }
        case .control("w"): edit { $0.deleteWordBackward() }
        case .control("r"): retry()
        case .control("l"): switchLanguage()
        case .backspace: edit { $0.deleteBackward() }
        case .delete: edit { $0.deleteForward() }
        // In a grid, ←/→ at the end of the query step through the tiles (← only back to the
        // first, then it edits again), so ← undoes →.
        case .left where editor.isCursorAtEnd && isGrid && selection > 0: moveSelection(by: -1)
        case .left: editor.moveLeft()
        case .right where editor.isCursorAtEnd && isGrid: moveSelection(by: 1)
        case .right where editor.isCursorAtEnd: showRelated()
        case .right: editor.moveRight()
        case .up: moveSelection(by: isGrid ? -tilesPerRow : -1)
        case .down: moveSelection(by: isGrid ? tilesPerRow : 1)
        case .pageUp: moveSelection(by: -max(1, visibleItemCount - 1))
        case .pageDown: moveSelection(by: max(1, visibleItemCount - 1))
        case .enter: open(selectedItem)
        case .escape: edit { $0.clear() }
        case .tab: switchTab(by: 1)
        case .backTab: switchTab(by: -1)
        case .control, .alt, .unknown: break
        }
    }

    /// Printable text: `q` alone on an empty line quits, `r` retries while a retry is offered,
    /// anything else joins the query.
    private func type(_ text: String) {
        if text == "q", editor.characters.isEmpty {
            isFinished = true
        } else if text == "r", isRetryOffered {
            retry()
        } else {
            let clean = TerminalText.sanitize(text)
            guard !clean.isEmpty else { return }
            edit { $0.insert(clean) }
        }
    }

    /// Applies an edit and hands the new text to the model when it changed.
    private func edit(_ change: (inout LineEditor) -> Void) {
        let before = editor.text
        change(&editor)
        if editor.text != before { applyQuery() }
    }

    /// True while the status line offers "r to retry".
    var isRetryOffered: Bool {
        if case .failed? = related { return true }
        if related != nil { return false }
        return model.state.message != nil || model.loadMoreFailure != nil
    }

    func retry() {
        if case .failed(let item, _)? = related {
            related = nil
            selection = max(0, model.items.firstIndex(of: item) ?? 0)
            showRelated()
        } else if model.loadMoreFailure != nil {
            model.loadMore()
        } else if model.state.query != nil {
            model.retry()
        }
    }

    /// The highlighted result, if any.
    var selectedItem: SearchItem? {
        let items = related?.entries.map(\.item) ?? model.items
        return items.indices.contains(selection) ? items[selection] : nil
    }

    func moveSelection(by delta: Int) {
        let count = related?.entries.count ?? model.items.count
        guard count > 0 else { return }
        selection = min(max(0, selection + delta), count - 1)
        // The end of the list, or of a grid's last row, asks for the next page.
        let isAtEnd = isGrid ? selection / tilesPerRow == (count - 1) / tilesPerRow : selection == count - 1
        if related == nil, isAtEnd, case .results(_, _, _, true, _) = model.state {
            model.loadMore()
        }
    }

    func open(_ item: SearchItem?) {
        guard let item else { return }
        if opener.open(item.link) {
            notice = messages.text("tui.opened", ["link": item.link.absoluteString])
        } else {
            if !pendingLinks.contains(item.link) { pendingLinks.append(item.link) }
            notice = messages.text("tui.noDisplay")
        }
    }

    /// Tab and Shift-Tab: the next or previous tab, All first, round the list.
    private func switchTab(by step: Int) {
        let offset = overview == nil ? 0 : 1
        let count = tabs.count + offset
        guard count > 1 else { return }
        let position = isShowingAll ? 0 : activeTab + offset
        show(tab: (position + step + count) % count - offset)
    }

    /// Shows source tab `index` (-1: the All tab) with the query typed so far, from its top.
    func show(tab index: Int) {
        closeRelated()
        isShowingAll = index < 0 && overview != nil
        if !isShowingAll { activeTab = index }
        applyQuery()
        shownQuery = nil
        selection = 0
        scrollTop = 0
        overviewSlot = nil
        overviewTop = 0
    }

    /// Hands the query line to the model of the tab shown.
    func applyQuery() {
        if isShowingAll, let overview {
            overview.model.query = editor.text
        } else {
            model.query = editor.text
        }
    }
}

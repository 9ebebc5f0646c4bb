import InstantSearch
import Localization
import ScoutModels

extension AppView {
    static let spinnerFrames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    /// The bottom line: source, result count, last latency, a loading indicator; an error with
    /// "r to retry"; or a notice about the last action.
    func drawStatus(into grid: inout CellGrid) {
        let row = grid.rows - 1
        let bar = Style(isReversed: true)
        grid.fill(row: row, column: 0, count: grid.columns, with: Cell(text: " ", style: bar))
        let tab = app.tabs[app.activeTab]
        // A tab with languages to switch between names the one it searches: `Wikipedia de`.
        let title =
            (tab.languages?.languages.count ?? 0) > 1 ? tab.language.map { " \(tab.name) \($0)" } : nil
        var column = grid.write(
            title ?? " \(tab.name)", row: row, column: 0, style: Style(isBold: true, isReversed: true))
        for part in facts() {
            column = grid.write(" · " + part, row: row, column: column, style: bar)
        }
        if let (message, isError) = rightSide() {
            let text = message + " "
            let start = max(column + 2, grid.columns - TerminalText.width(text))
            var style = bar
            if isError { style.foreground = .basic(1) }
            grid.write(text, row: row, column: start, style: style)
        }
    }

    /// Count, latency, and what is loading.
    private func facts() -> [String] {
        let model = app.model
        let messages = app.messages
        var parts: [String] = []
        switch model.state {
        case .results(_, let items, _, let hasMore, let suggestion):
            let count = messages.number(items.count)
            if let total = model.total, total > items.count {
                parts.append(
                    messages.plural(
                        "tui.status.countOfTotal", count: total, ["count": count, "total": messages.number(total)]))
            } else {
                // "20+" while more pages follow, with the plural form of more than one.
                parts.append(
                    messages.plural(
                        "tui.status.count", count: hasMore ? items.count + 1 : items.count,
                        ["count": count + (hasMore ? "+" : "")]))
            }
            // No book holds every word: say these are the closest matches, and without what.
            if !model.missingWords.isEmpty {
                let words = model.missingWords.map(quoted).joined(separator: messages.text("list.separator"))
                parts.append(messages.text("tui.status.closest", ["words": words]))
            }
            // The books source's "did you mean" when its best book needed a typo.
            if let suggestion {
                parts.append(messages.text("tui.status.didYouMean", ["suggestion": quoted(suggestion)]))
            }
        case .empty: parts.append(messages.plural("tui.status.count", count: 0, ["count": messages.number(0)]))
        default: break
        }
        if let latency = app.latency() {
            parts.append(
                messages.text(
                    "tui.status.milliseconds", ["milliseconds": messages.number(Int(latency.wholeMilliseconds))]))
        }
        let spinner = Self.spinnerFrames[app.spinnerFrame % Self.spinnerFrames.count]
        if model.isLoading {
            parts.append("\(spinner) " + messages.text("tui.status.searching"))
        } else if model.isLoadingMore {
            parts.append("\(spinner) " + messages.text("tui.status.loadingMore"))
        } else if case .loading? = app.related {
            parts.append("\(spinner) " + messages.text("tui.status.loadingRelated"))
        }
        return parts
    }

    /// The message on the right: a failure with its retry hint, else the last notice.
    private func rightSide() -> (String, Bool)? {
        let retry = { (message: String) in (app.messages.text("tui.status.retry", ["message": message]), true) }
        if case .failed(_, let message)? = app.related { return retry(message) }
        if app.related == nil, let message = app.model.state.message { return retry(message) }
        if app.related == nil, let failure = app.model.loadMoreFailure { return retry(failure) }
        return app.notice.map { ($0, false) }
    }
}

extension TerminalApp {
    /// The time from the last query change to its published answer, kept per tab until the
    /// next answer arrives.
    func latency() -> Duration? {
        let publication = model.session.publication
        switch publication.state {
        case .results(_, _, false, _, _), .empty, .failed, .offline:
            lastLatency[activeTab] = publication.publishedAt - publication.queryChangedAt
        default: break
        }
        return lastLatency[activeTab]
    }
}

extension Duration {
    var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}

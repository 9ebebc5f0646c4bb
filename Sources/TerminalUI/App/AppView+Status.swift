import InstantSearch
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
        var parts: [String] = []
        switch model.state {
        case .results(_, let items, _, let hasMore, let suggestion):
            if let total = model.total, total > items.count {
                parts.append("\(items.count) of \(total) results")
            } else {
                parts.append("\(items.count)\(hasMore ? "+" : "") result\(items.count == 1 && !hasMore ? "" : "s")")
            }
            // No book holds every word: say these are the closest matches, and without what.
            if !model.missingWords.isEmpty {
                parts.append("closest matches, without " + model.missingWords.map { "“\($0)”" }.joined(separator: ", "))
            }
            // The books source's "did you mean" when its best book needed a typo.
            if let suggestion { parts.append("did you mean “\(suggestion)”?") }
        case .empty: parts.append("0 results")
        default: break
        }
        if let latency = app.latency() { parts.append("\(latency.wholeMilliseconds) ms") }
        let spinner = Self.spinnerFrames[app.spinnerFrame % Self.spinnerFrames.count]
        if model.isLoading {
            parts.append("\(spinner) searching")
        } else if model.isLoadingMore {
            parts.append("\(spinner) loading more")
        } else if case .loading? = app.related {
            parts.append("\(spinner) loading related")
        }
        return parts
    }

    /// The message on the right: a failure with its retry hint, else the last notice.
    private func rightSide() -> (String, Bool)? {
        if case .failed(_, let message)? = app.related { return (message + " — r to retry", true) }
        if app.related == nil, let message = app.model.state.message { return (message + " — r to retry", true) }
        if app.related == nil, let failure = app.model.loadMoreFailure { return (failure + " — r to retry", true) }
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

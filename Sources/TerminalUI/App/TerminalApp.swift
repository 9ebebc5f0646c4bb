import Foundation
import InstantSearch
import Localization
import Observation
import ScoutModels

/// The terminal app: a query line, source tabs, a result list and a status line, driven by the
/// same ``InstantSearch/SearchViewModel`` a SwiftUI app binds to. Keys edit the query and move
/// the selection; the models publish results; every change repaints through ``ScreenDiffer``,
/// one write per frame.
///
/// It owns no terminal: ``run(events:)`` takes events from anywhere (``TerminalEvents`` in the
/// real app, a list in tests and benchmarks) and frames go to a ``TerminalOutput``.
///
/// ```swift
/// let app = TerminalApp(tabs: [wikipediaTab], output: .standard, size: WindowSize.current()!, clock: ContinuousClock())
/// let links = await app.run(events: TerminalEvents().stream)   // links to print on exit
/// ```
@MainActor
public final class TerminalApp {
    /// The sources, in tab order (a tab is replaced when it switches language).
    public internal(set) var tabs: [SourceTab]
    /// The index of the source tab typing drives (while the All tab is not shown).
    public internal(set) var activeTab = 0
    /// The All tab, before the source tabs; nil when the app has none.
    public let overview: OverviewTab?
    /// True while the All tab is shown: typing drives ``overview``'s model.
    public internal(set) var isShowingAll: Bool
    /// The selected line of the All tab; nil for its first selectable one.
    var overviewSlot: OverviewSlot?
    /// The first section on screen of the All tab.
    var overviewTop = 0
    /// The query line.
    public internal(set) var editor = LineEditor()
    /// The selected row of the list (of the related panel while it is open).
    public internal(set) var selection = 0
    var scrollTop = 0
    var related: RelatedPanel?
    var relatedTask: Task<Void, Never>?
    /// Links chosen with Enter where none could be opened, printed on exit.
    public internal(set) var pendingLinks: [URL] = []
    var notice: String?
    var isFinished = false
    var spinnerFrame = 0
    var spinner: Task<Void, Never>?
    var shownQuery: String?
    var lastLatency: [Int: Duration] = [:]
    var size: WindowSize
    var differ = ScreenDiffer()
    var isRenderScheduled = false
    let output: TerminalOutput
    let thumbnails: ThumbnailStore?
    let opener: LinkOpener
    /// The app's words, in the reader's language (``Localization/Messages``).
    let messages: Messages
    /// Turns the loading indicator (a manual clock in tests).
    let clock: any Clock<Duration>

    /// An app over `tabs` (at least one) that paints into `output`.
    /// - Parameters:
    ///   - thumbnails: where pictures come from; nil draws none.
    ///   - opener: opens a link; ``LinkOpener/system(environment:)`` uses `xdg-open` when a
    ///     display exists.
    ///   - messages: the language of its words (the locale's: `LANG`, `--ui-lang`).
    ///   - clock: turns the loading indicator; `scout tui` passes its configuration's.
    ///   - overview: the All tab, first of the tabs; `showingAll` starts on it.
    public init(
        tabs: [SourceTab], overview: OverviewTab? = nil, showingAll: Bool = true, output: TerminalOutput,
        size: WindowSize, clock: any Clock<Duration>, thumbnails: ThumbnailStore? = nil, opener: LinkOpener = .never,
        messages: Messages = Messages(.english)
    ) {
        precondition(!tabs.isEmpty, "the terminal app needs at least one source")
        self.tabs = tabs
        self.overview = overview
        isShowingAll = overview != nil && showingAll
        self.output = output
        self.size = size
        self.thumbnails = thumbnails
        self.opener = opener
        self.messages = messages
        self.clock = clock
        thumbnails?.onUpdate = { [weak self] in self?.scheduleRender() }
    }

    /// The active tab's model.
    public var model: SearchViewModel { tabs[activeTab].model }

    /// Paints, then handles events until the person quits or `events` ends; returns the links
    /// to print after the terminal is restored.
    public func run(events: AsyncStream<TerminalEvent>) async -> [URL] {
        render()
        for await event in events {
            handle(event)
            if isFinished { break }
            render()
        }
        spinner?.cancel()
        relatedTask?.cancel()
        return pendingLinks
    }

    /// Reacts to one event (without painting).
    public func handle(_ event: TerminalEvent) {
        switch event {
        case .key(let key): handle(key)
        case .resize:
            if let current = WindowSize.current() { resize(to: current) }
        }
    }

    /// Takes a new window size; the next frame repaints everything.
    public func resize(to newSize: WindowSize) {
        size = newSize
        differ.invalidate()
        thumbnails?.invalidatePlacements()
    }

    /// Paints the current state: only the cells that changed since the last frame, in one write.
    /// Reads the models under observation tracking, so their next change paints again.
    public func render() {
        isRenderScheduled = false
        let (grid, cursor) = withObservationTracking {
            AppView(app: self).draw()
        } onChange: { [weak self] in
            Task { @MainActor in self?.scheduleRender() }
        }
        var frame = differ.frame(grid, cursor: cursor)
        if let thumbnails { frame += thumbnails.placements(for: self) }
        output.write(frame)
        updateSpinner()
    }

    /// Paints soon, once, however many changes arrive meanwhile.
    func scheduleRender() {
        guard !isRenderScheduled, !isFinished else { return }
        isRenderScheduled = true
        Task { @MainActor [weak self] in
            guard let self, self.isRenderScheduled else { return }
            self.render()
        }
    }

    /// Animates the loading indicator while something loads, and only then.
    private func updateSpinner() {
        let isBusy =
            isShowingAll
            ? overview?.model.isLoading == true : model.isLoading || model.isLoadingMore || related?.isLoading == true
        if isBusy, spinner == nil {
            let clock = clock
            spinner = Task { @MainActor [weak self] in
                while !Task.isCancelled {
                    try? await clock.sleep(for: .milliseconds(120))
                    guard let self, !Task.isCancelled else { return }
                    self.spinnerFrame += 1
                    self.render()
                }
            }
        } else if !isBusy, let task = spinner {
            task.cancel()
            spinner = nil
        }
    }
}

import Foundation
import InstantSearch
import Localization
import ScoutModels
import TerminalUI

/// Owns the terminal for the length of `scout tui`: enters raw mode and the alternate screen,
/// runs the app on the main actor, and restores the terminal however the run ends.
struct TUIRunner {
    let settings: TUISettings
    let sources: [TUISource]

    /// Runs the app; returns the links to print, or nil when the terminal could not be set up.
    func run() async -> [URL]? {
        let session: TerminalSession
        do {
            session = try TerminalSession.enter()
        } catch {
            return nil
        }
        defer { session.leave() }
        let events = TerminalEvents()
        defer { events.stop() }
        return await runApp(events: events.stream)
    }

    @MainActor
    private func runApp(events: AsyncStream<TerminalEvent>) async -> [URL] {
        let clock = settings.configuration.clock
        let tabs = sources.map { source in
            // Wikipedia's tab moves through its languages with Ctrl-L.
            let languages = source.languages.map { codes in
                LanguageSwitch(languages: codes) { code in
                    SearchViewModel(provider: source.inLanguage?(code) ?? source.provider, clock: clock)
                }
            }
            // Photos show as a grid of thumbnails, articles and books as rows.
            return SourceTab(
                name: UILanguageOption.sourceName(
                    source.provider.source, otherwise: source.provider.displayName, settings.messages),
                model: SearchViewModel(provider: source.provider, clock: clock),
                layout: [.commons, .flickr].contains(source.provider.source) ? .grid : .list, related: source.related,
                language: source.languages?.first, languages: languages, source: source.provider.source)
        }
        // The All tab's sections come in tab order, whichever tab --source starts on.
        let providers = sources.map(\.provider).sorted { first, second in
            let order = TUISettings.sourceNames
            return (order.firstIndex(of: first.source) ?? order.count)
                < (order.firstIndex(of: second.source) ?? order.count)
        }
        let overview = OverviewTab(
            name: settings.messages.text("tui.all.tab"), model: MultiSearchViewModel(providers: providers, clock: clock)
        )
        let thumbnails =
            settings.imageMode == .none ? nil : ThumbnailStore(mode: settings.imageMode, loader: settings.imageLoader())
        let app = TerminalApp(
            tabs: tabs, overview: overview, showingAll: settings.firstSource == nil, output: .standard,
            size: WindowSize.current() ?? WindowSize(rows: 24, columns: 80),
            clock: clock, thumbnails: thumbnails, opener: .system(hasDisplay: settings.configuration.hasDisplay),
            messages: settings.messages)
        return await app.run(events: events)
    }
}

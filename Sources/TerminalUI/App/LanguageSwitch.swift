import InstantSearch
import Localization

/// The languages a tab can search in (Wikipedia's), and how to make its model for one of them:
/// Ctrl-L moves the tab to the next language, round the list, keeping the query.
///
/// ```swift
/// let languages = LanguageSwitch(languages: ["en", "de", "ja"]) { code in
///     SearchViewModel(provider: try! WikipediaProvider(client: client, language: code))
/// }
/// let tab = SourceTab(name: "Wikipedia", model: languages.makeModel("en"), language: "en", languages: languages)
/// ```
@MainActor
public struct LanguageSwitch {
    /// The codes in the order Ctrl-L visits them (at least one).
    public let languages: [String]
    /// The model of the tab in one of ``languages``.
    public let makeModel: @MainActor (String) -> SearchViewModel

    public init(languages: [String], makeModel: @escaping @MainActor (String) -> SearchViewModel) {
        precondition(!languages.isEmpty, "a language switch needs at least one language")
        self.languages = languages
        self.makeModel = makeModel
    }

    /// The language after `current` (the first when `current` is not among them).
    public func language(after current: String?) -> String {
        guard let current, let index = languages.firstIndex(of: current) else { return languages[0] }
        return languages[(index + 1) % languages.count]
    }
}

extension TerminalApp {
    /// Ctrl-L: the active tab searches its next language, the query kept; a tab without
    /// languages says so.
    func switchLanguage() {
        let tab = tabs[activeTab]
        guard let switcher = tab.languages else {
            notice = messages.text("tui.language.none")
            return
        }
        let next = switcher.language(after: tab.language)
        guard next != tab.language else {
            notice = messages.text("tui.language.only", ["source": tab.name, "language": next])
            return
        }
        closeRelated()
        let model = switcher.makeModel(next)
        tabs[activeTab] = SourceTab(
            name: tab.name, model: model, layout: tab.layout, related: tab.related, language: next,
            languages: switcher, source: tab.source)
        model.query = editor.text
        shownQuery = nil
        selection = 0
        scrollTop = 0
        lastLatency[activeTab] = nil
        notice = messages.text("tui.language.switched", ["source": tab.name, "language": next])
    }
}

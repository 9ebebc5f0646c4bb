import InstantSearch
import ScoutModels

/// One source the app can search, shown as a tab: its model, and what else it offers.
///
/// ```swift
/// let tab = await SourceTab(name: "Books", model: SearchViewModel(provider: books)) { item in
///     try await books.related(id: item.id).map { RelatedEntry(item: $0.item, reason: $0.reason) }
/// }
/// ```
@MainActor
public struct SourceTab {
    /// The tab's label ("Wikipedia").
    public let name: String
    /// The model typing drives while this tab is active.
    public let model: SearchViewModel
    /// The related items of a result (books: same series, same author …); nil when the source
    /// has no such thing. → on a result shows them.
    public let related: RelatedLookup?
    /// How results are laid out: rows for articles and books, a grid of tiles for photos.
    public let layout: Layout
    /// The language searched (`de`), for a source that has languages (Wikipedia); nil otherwise.
    public let language: String?
    /// The languages Ctrl-L moves the tab through; nil for a source without languages.
    public let languages: LanguageSwitch?
    /// The source it searches: the All tab's "more in …" line of that source leads here.
    public let source: SourceID?

    /// Rows with a title and a line of description, or a grid of thumbnails with a caption.
    public enum Layout: Sendable {
        case list, grid
    }

    public init(
        name: String, model: SearchViewModel, layout: Layout = .list, related: RelatedLookup? = nil,
        language: String? = nil, languages: LanguageSwitch? = nil, source: SourceID? = nil
    ) {
        self.source = source
        self.name = name
        self.model = model
        self.layout = layout
        self.related = related
        self.language = language
        self.languages = languages
    }
}

/// Finds the items related to one result.
public typealias RelatedLookup = @Sendable (SearchItem) async throws -> [RelatedEntry]

/// One related item and why it is related ("same series: The Hunger Games #2").
///
/// ```swift
/// RelatedEntry(item: catchingFire, reason: "same series: The Hunger Games #2")
/// ```
public struct RelatedEntry: Sendable, Hashable {
    public let item: SearchItem
    public let reason: String

    public init(item: SearchItem, reason: String) {
        self.item = item
        self.reason = reason
    }
}

/// The related items of one result, while they load and after.
enum RelatedPanel: Equatable {
    case loading(SearchItem)
    case loaded(SearchItem, [RelatedEntry])
    case failed(SearchItem, String)

    var origin: SearchItem {
        switch self {
        case .loading(let item), .loaded(let item, _), .failed(let item, _): item
        }
    }

    var entries: [RelatedEntry] {
        if case .loaded(_, let entries) = self { entries } else { [] }
    }

    var isLoading: Bool {
        if case .loading = self { true } else { false }
    }
}

import Foundation
import InstantSearch
import Networking
import Observation
import Providers
import ScoutModels

// `instant-search-example [query]`: what an app does with Scout's library, with nothing of
// Scout's server or terminal app. It makes a Wikipedia provider (SCOUT_WIKIPEDIA_API, else
// Wikipedia itself), binds a SearchViewModel to it, types the query one key at a time as a
// person would, and prints every state the model shows until the final results. Exit status:
// 0 with results or none found, 1 when the search failed, 64 for a bad API address.

/// The model's state, one line as a list view would sum it up.
@MainActor
func describe(_ model: SearchViewModel) -> String {
    switch model.state {
    case .idle: "idle"
    case .loading(let query, let previous): "loading \"\(query)\" (showing \(previous?.items.count ?? 0) earlier)"
    case .results(let query, let items, let isStale, let hasMore, _):
        "results \"\(query)\": \(items.count)\(isStale ? " (stale)" : "")\(hasMore ? ", more available" : "")"
    case .empty(let query, let suggestion):
        "nothing for \"\(query)\"" + (suggestion.map { ", did you mean \($0)?" } ?? "")
    case .failed(let query, let message, _): "failed \"\(query)\": \(message)"
    case .offline(let query, let message): "offline \"\(query)\": \(message)"
    }
}

/// Waits until the model's state changes, through Observation as SwiftUI would.
@MainActor
func stateChange(of model: SearchViewModel) async {
    await withCheckedContinuation { continuation in
        withObservationTracking {
            _ = model.state
        } onChange: {
            continuation.resume()
        }
    }
}

@MainActor
func main() async -> Int32 {
    let query = CommandLine.arguments.dropFirst().first ?? "swift"
    let environment = ProcessInfo.processInfo.environment
    let template = environment["SCOUT_WIKIPEDIA_API"] ?? WikipediaProvider.defaultAPITemplate
    // Wikimedia asks every client to say who it is and how to reach its operator (SCOUT_CONTACT).
    let client = APIClient(configuration: .init(userAgent: UserAgent.make(contact: environment["SCOUT_CONTACT"])))
    let provider: WikipediaProvider
    do {
        provider = try WikipediaProvider(client: client, apiTemplate: template)
    } catch {
        FileHandle.standardError.write(Data("instant-search-example: \(error)\n".utf8))
        return 64
    }
    let model = SearchViewModel(provider: provider)
    print(describe(model))
    for end in query.indices {
        model.query = String(query[...end])
        print("typed \"\(model.query)\" → \(describe(model))")
        try? await Task.sleep(for: .milliseconds(60))
    }
    // Until the last query's answer is in, whatever it is.
    while model.state.query != query || model.state.isLoading {
        await stateChange(of: model)
        print(describe(model))
    }
    for item in model.items.prefix(5) {
        print("• \(item.title)" + (item.description.map { " — \($0)" } ?? ""))
    }
    if case .failed = model.state { return 1 }
    if case .offline = model.state { return 1 }
    return 0
}

exit(await main())

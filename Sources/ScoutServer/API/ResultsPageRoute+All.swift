import HTTPServer
import Localization
import Networking
import ScoutModels

extension ResultsPageRoute {
    /// `source=all`: the page's All tab, which the script keeps in the address.
    static let allSources = "all"

    /// `/search?source=all&q=…` without JavaScript: every source this server offers, searched as
    /// `/api/v1/multisearch` searches them (the same admission, one search per source; the
    /// gateway's cache, coalescing and budgets), awaited together up to the multisearch deadline,
    /// and rendered as a section each in the page's order. A source that failed, or was still out
    /// at the deadline, shows its sentence in its section while the others show their rows.
    func allPage(for request: Request, sources: [PageSource], menu: Menu, messages: Messages) async -> Response {
        let offered = MultisearchRoute.knownSources.filter { source in
            api.catalog.entries.contains { $0.id == source && $0.provider != nil }
        }
        let answers: [SourceID: Result<SearchGateway.Reply, any Error>]
        do {
            _ = try SearchAPI.language(request.query["lang"], source: nil)
            try await MultisearchRoute(api: api, deadline: multisearchDeadline).admit(request, searches: offered.count)
            answers = await search(offered, request: request)
        } catch {
            return failure(
                error, query: request.query["q"] ?? "", source: Self.allSources, sources: sources, menu: menu,
                messages: messages)
        }
        let sections = offered.map { source in
            let name = api.catalog.entry(source.rawValue)?.name ?? source.rawValue
            switch answers[source] {
            case .success(let reply):
                return PageSection(
                    source: source.rawValue, name: name, items: pageItems(reply, source: source), failure: nil)
            case .failure(let error):
                let sentence = (error as? GatewayError)?.message ?? HTTPError.internalError.message
                return PageSection(source: source.rawValue, name: name, items: [], failure: sentence)
            case nil:
                let late = MultisearchLine.timeoutError(source: source, name: name, after: multisearchDeadline)
                return PageSection(source: source.rawValue, name: name, items: [], failure: late.message)
            }
        }
        let query = (try? SearchQuery(request.query["q"] ?? ""))?.text ?? ""
        return .html(
            ResultsPage.render(
                query: query, source: Self.allSources, sources: sources, outcome: .sections(sections),
                language: menu.language, languages: menu.languages, messages: messages))
    }

    /// Each source's reply or error, as they come, until all have answered or the deadline passed
    /// (a source missing from the result was still out). A search cancelled at the deadline ends
    /// by its own upstream deadline at the latest, which the multisearch deadline exceeds.
    private func search(_ sources: [SourceID], request: Request) async -> [SourceID: Result<
        SearchGateway.Reply, any Error
    >] {
        var answers: [SourceID: Result<SearchGateway.Reply, any Error>] = [:]
        await MultisearchRoute.gather(
            sources, until: api.gateway.timeline.now() + multisearchDeadline, on: api.gateway.timeline,
            search: { source in
                do {
                    let parameters = try api.parse(
                        source: source.rawValue, text: request.query["q"], limit: nil,
                        language: request.query["lang"], cursor: nil)
                    return .success(try await api.reply(for: parameters))
                } catch {
                    return .failure(error)
                }
            },
            answered: { source, result in answers[source] = result })
        return answers
    }
}

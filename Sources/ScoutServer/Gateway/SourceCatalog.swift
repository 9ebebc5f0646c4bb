import Foundation
import Networking
import Providers
import ScoutModels

/// The sources this server offers, each with its provider when it is configured.
struct SourceCatalog: Sendable {
    struct Entry: Sendable {
        let id: SourceID
        let name: String
        let kind: String
        /// Nil when the source cannot be searched until it is set up; `problem` says why.
        let provider: (any SearchProvider)?
        let problem: String?
    }

    let entries: [Entry]

    init(configuration: ScoutServerConfiguration, client: APIClient) {
        var entries: [Entry] = []
        do {
            let wikipedia = try WikipediaProvider(
                client: client, language: configuration.wikipediaLanguage,
                apiTemplate: configuration.wikipediaAPITemplate, deadline: configuration.upstreamDeadline)
            entries.append(
                Entry(id: .wikipedia, name: "Wikipedia", kind: "articles", provider: wikipedia, problem: nil))
        } catch {
            entries.append(
                Entry(
                    id: .wikipedia, name: "Wikipedia", kind: "articles", provider: nil,
                    problem: "Wikipedia is not set up: \(error.description)."))
        }
        self.entries = entries
    }

    func entry(_ id: String) -> Entry? { entries.first { $0.id.rawValue == id } }

    var body: SourcesResponseBody {
        SourcesResponseBody(
            sources: entries.map {
                .init(id: $0.id, name: $0.name, kind: $0.kind, configured: $0.provider != nil, message: $0.problem)
            })
    }
}

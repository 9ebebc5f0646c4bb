import Networking
import ScoutModels

/// The sources part of a ``ScoutApp``: the API client every upstream search goes through —
/// asking the fleet's budget after its own, reporting to the metrics — and the
/// ``SourceCatalog`` of the configured sources on it.
///
/// ```swift
/// let catalog = AppCatalog(configuration: configuration, client: nil, books: nil, fleet: fleet, metrics: metrics)
/// catalog.sources.entries.map(\.id)  // [.wikipedia, .commons, …]
/// ```
struct AppCatalog: Sendable {
    /// The search sources, each with its provider.
    let sources: SourceCatalog

    /// - Parameters:
    ///   - client: sends every upstream search; nil: one with Scout's host policies on the
    ///     configuration's clock.
    ///   - books: the book catalog behind the `books` source; nil leaves the source out.
    init(
        configuration: ScoutServerConfiguration, client: APIClient?, books: CatalogConnection?, fleet: AppFleet,
        metrics: ScoutMetrics
    ) {
        let client =
            (client ?? APIClient(configuration: .init(userAgent: configuration.userAgent), clock: configuration.clock))
            .sharing(fleet.state)
            .reporting(to: metrics.upstream)
            // A search is cancelled only when every client that wanted it has left.
            .stoppingAbandonedRequests()
        sources = SourceCatalog(configuration: configuration, client: client, books: books)
        metrics.upstream.name(sources.entries.filter { !$0.isLocal }.map { ($0.name, $0.id.rawValue) })
    }
}

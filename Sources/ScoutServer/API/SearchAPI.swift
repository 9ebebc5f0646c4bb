import Foundation
import HTTPServer
import ImageLoading
import Networking
import Providers
import ScoutModels
import Synchronization

/// `GET /api/v1/search` and `GET /api/v1/sources`.
struct SearchAPI: Sendable {
    let catalog: SourceCatalog
    let gateway: SearchGateway
    /// The per-client limit, and whose limit a request counts against (the client behind a
    /// trusted proxy).
    let limit: ClientLimit
    var clients: ClientAddress { limit.clients }
    let thumbnails: ThumbnailLinker
    /// Parsed parameters by raw query string: Unicode normalization costs more than the
    /// whole cached reply, and popular searches arrive with the same bytes again and again.
    let parsed = ParsedQueries(capacity: 4096)

    static let defaultLimit = 20
    static let maximumLimit = 50

    /// A parsed, validated search request: its key is all the gateway asks the provider.
    struct Parameters: Sendable {
        let entry: SourceCatalog.Entry
        let provider: any SearchProvider
        let key: SearchGateway.Key
    }

    /// The route handler: cache hits answer at once on the server thread, the rest in a task.
    /// In a fleet every search goes to the task, where the client's shared bucket is asked first.
    var handler: Handler {
        guard gateway.fleet.isShared else {
            return .either(
                immediate: { request in
                    let parameters = try admit(request)
                    guard let cached = gateway.cachedResponse(for: parameters.key) else { return nil }
                    return cached.response
                },
                deferred: { request in try await search(admit(request, counted: false)) })
        }
        return .either(
            immediate: { request in
                // A cached reply for a client whose token this instance already holds is answered
                // on the server's thread: no task, no round trip to Redis.
                let parameters = try admit(request, counted: false)
                guard let cached = gateway.cachedResponse(for: parameters.key),
                    gateway.fleet.admitFromReserve(client: clients.of(request))
                else { return nil }
                return cached.response
            },
            deferred: { request in
                let parameters = try admit(request, counted: false)
                let client = clients.of(request)
                let cached = gateway.cachedResponse(for: parameters.key)
                // Book searches are never shared: only the client's token is asked of Redis.
                guard cached == nil, !parameters.entry.isLocal else {
                    try await admitThroughFleet(client)
                    if let cached { return cached.response }
                    return try await search(parameters)
                }
                return try await searchThroughFleet(parameters, for: client)
            })
    }

    /// A search this instance has not cached: the client's token and the fleet's page in one
    /// round trip (a hit in the shared cache costs no more), else the search.
    private func searchThroughFleet(_ parameters: Parameters, for client: String) async throws -> Response {
        let started = gateway.timeline.now()
        switch await gateway.fleet.admit(client: client, peeking: parameters.key.fleetKey) {
        case .refused(let wait):
            throw GatewayError.tooManyRequests(retryAfter: wait)
        case .admitted(let shared):
            if let shared, let reply = gateway.sharedReply(shared, for: parameters.key) {
                return respond(reply, since: started)
            }
            return try await search(parameters)
        }
    }

    /// The fleet's per-client limit for `client`.
    func admitThroughFleet(_ client: String) async throws {
        if let wait = await gateway.fleet.admit(client: client) {
            throw GatewayError.tooManyRequests(retryAfter: wait)
        }
    }

    /// The fleet's per-client limit, then parse.
    func admitThroughFleet(_ request: Request) async throws -> Parameters {
        try await admitThroughFleet(clients.of(request))
        return try admit(request, counted: false)
    }

    var sourcesHandler: Handler {
        let body = (try? Response.json(catalog.body)) ?? HTTPError.internalError.response
        return .immediate { _ in body }
    }

    /// Rate limit, then parse. `counted: false` when the immediate path already took the token.
    func admit(_ request: Request, counted: Bool = true) throws -> Parameters {
        if counted { try limit.admit(request, cost: RouteCost.search) }
        if let known = parsed[request.query.raw] { return known }
        let parameters = try parse(request.query)
        parsed[request.query.raw] = parameters
        return parameters
    }

    func parse(_ query: QueryParameters) throws -> Parameters {
        try parse(
            source: query["source"] ?? SourceID.wikipedia.rawValue, text: query["q"], limit: query["limit"],
            language: query["lang"], cursor: query["cursor"])
    }

    /// The search `/api/v1/search` would make of these parameters (each as the query string
    /// gives it, nil when absent), or the error it would answer; `/api/v1/multisearch` parses
    /// each of its sources through here, so its lines cannot differ from this route's replies.
    func parse(source sourceName: String, text: String?, limit: String?, language: String?, cursor: String?) throws
        -> Parameters
    {
        guard let entry = catalog.entry(sourceName) else {
            let known = catalog.entries.map(\.id.rawValue).joined(separator: ", ")
            throw GatewayError.badRequest(
                "unknown_source", "There is no source called “\(sourceName)”. Use one of: \(known).")
        }
        guard let provider = entry.provider else {
            throw GatewayError(
                status: 503, code: "source_not_configured",
                message: entry.problem ?? "\(entry.name) is not set up on this server.", source: entry.id,
                retryAfter: nil)
        }
        let text = try SearchTextParameter.read(
            text, source: entry.id, whenEmpty: "Type something to search for (the q parameter).")
        let limit = try Self.limit(limit, source: entry.id)
        let language = try Self.language(language, of: entry)
        let asked = try Self.provider(of: entry, language: language, default: provider)
        let cursor = try Self.cursor(cursor, of: entry, readBy: asked)
        return Parameters(
            entry: entry, provider: asked,
            key: .init(source: entry.id, language: language, query: text, cursor: cursor, limit: limit))
    }

    /// `limit` read: absent is ``defaultLimit``; else a whole number from 1 to
    /// ``maximumLimit`` or a 400 `bad_limit` (naming `source` when there is one).
    static func limit(_ text: String?, source: SourceID?) throws -> Int {
        guard let text else { return defaultLimit }
        guard let value = Int(text), (1...maximumLimit).contains(value) else {
            throw GatewayError.badRequest(
                "bad_limit", "limit must be a whole number from 1 to \(maximumLimit).", source: source)
        }
        return value
    }

    /// The parse error of `query`, if it has one (for pages that show it instead of throwing).
    func parseError(_ query: QueryParameters) -> (any Error)? {
        do {
            _ = try parse(query)
            return nil
        } catch {
            return error
        }
    }

    /// The gateway's reply for `parameters`; upstream failures become ``GatewayError``s.
    func reply(for parameters: Parameters) async throws -> SearchGateway.Reply {
        do {
            return try await gateway.search(
                parameters.key, provider: parameters.provider, isLocal: parameters.entry.isLocal)
        } catch let error as APIError {
            throw GatewayError.upstream(error, source: parameters.entry.id)
        } catch let error as FlickrError {
            throw GatewayError.upstream(error, source: parameters.entry.id)
        }
    }

    /// The JSON reply for `parameters`, with the time the server spent.
    func search(_ parameters: Parameters) async throws -> Response {
        // The gateway's clock, injected like every other, times the search for `tookMs`.
        let started = gateway.timeline.now()
        return respond(try await reply(for: parameters), since: started)
    }

    /// The JSON of `reply`, with the time spent since `started` on the gateway's clock.
    func respond(_ reply: SearchGateway.Reply, since started: Duration) -> Response {
        let took = gateway.timeline.now() - started
        let milliseconds = Int(took.components.seconds * 1000 + took.components.attoseconds / 1_000_000_000_000_000)
        // A page found in the fleet's shared cache is a cached answer too: no upstream call made it.
        let cached = reply.isStale || reply.isShared
        return .json(bytes: reply.rendered.body(cached: cached, tookMs: milliseconds, isStale: reply.isStale))
    }
}

/// A bounded memo of parsed search parameters; when full it starts over, which keeps the hot
/// entries coming back at the cost of one re-parse each.
final class ParsedQueries: Sendable {
    private let entries = Mutex<[String: SearchAPI.Parameters]>([:])
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    subscript(raw: String) -> SearchAPI.Parameters? {
        get { entries.withLock { $0[raw] } }
        set {
            entries.withLock { entries in
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                entries[raw] = newValue
            }
        }
    }
}

import HTTPServer
import Networking
import ScoutModels

/// `GET /api/v1/multisearch?q=…&sources=wikipedia,books,commons`: the page's "All" tab, one
/// request per settled query. Answered as `application/x-ndjson`, one ``MultisearchLine`` per
/// source as soon as that source answers; the stream ends when every source has its line, or
/// at ``deadline``, when each source still out gets a `timeout` line instead.
///
/// Each source is searched exactly as `/api/v1/search?source=<source>&q=…&lang=…&limit=…`
/// searches it (``SearchAPI/parse(source:text:limit:language:cursor:)``, the gateway's cache,
/// coalescing, fleet and budgets), so its line is that route's reply or error. No cursors:
/// a multisearch is every source's first page; the next pages come from `/api/v1/search`.
///
/// `q`, `lang` and `limit` are read by `/api/v1/search`'s rules before anything runs, and
/// `sources` by ``sources(_:offered:)``: a mistake in any is a 400 for the whole request. The
/// request costs its client one search per source asked (``admit(_:searches:)``).
///
/// A client that goes away ends the stream within ``MultisearchReply/closeCheckInterval``, also
/// while no source has answered: ``MultisearchReply`` cancels the multisearch, which stops
/// waiting for its sources and cancels their searches; the gateway then stops each upstream
/// request this multisearch alone asked for, and keeps those it shares with another requester
/// of the same key going for them. The deadline only stops the waiting: a search still out then
/// goes on, and its answer is cached for the retry.
struct MultisearchRoute: Sendable {
    let api: SearchAPI
    /// How long the stream waits for its sources, on the gateway's clock.
    let deadline: Duration

    var handler: Handler {
        .deferred { request in try await answer(request) }
    }

    func answer(_ request: Request) async throws -> Response {
        let query = request.query
        let sources = try Self.sources(query["sources"], offered: api.catalog.entries.map(\.id))
        try await admit(request, searches: sources.count)
        // Every source would refuse these alike: the request is refused once, before any search.
        _ = try SearchTextParameter.read(query["q"], whenEmpty: "Type something to search for (the q parameter).")
        _ = try SearchAPI.limit(query["limit"], source: nil)
        _ = try SearchAPI.language(query["lang"], source: nil)
        let lines = MultisearchLines(sources: sources)
        let expiresAt = api.gateway.timeline.now() + deadline
        let reply = MultisearchReply(
            lines: lines, search: Task { await search(sources, query: query, until: expiresAt, into: lines) },
            client: request.clientSocket, timeline: api.gateway.timeline)
        return Response(
            status: 200,
            // Proxies that buffer replies (nginx) would hold the lines back until the last.
            headers: ["Content-Type": "application/x-ndjson", "X-Accel-Buffering": "no"],
            body: .stream(ResponseStream { await reply.next() }))
    }

    /// Takes one search per source from the client's bucket — where `/api/v1/search` takes its
    /// searches: this instance's, or the fleet's in a fleet — or throws the 429 that says when
    /// to retry. A multisearch costs what its sources asked one by one would: it is the same work.
    /// In a fleet that is a round trip to Redis per source (at most four), and a request refused
    /// part way keeps the tokens it took, as the searches before a refused one would.
    func admit(_ request: Request, searches: Int) async throws {
        guard api.gateway.fleet.isShared else {
            return try api.limit.admit(request, cost: RouteCost.search * Double(searches))
        }
        let client = api.clients.of(request)
        for _ in 0..<searches { try await api.admitThroughFleet(client) }
    }

    /// Searches every source at once, writing each one's line as it answers, and the timeout
    /// lines at `expiresAt`.
    private func search(
        _ sources: [SourceID], query: QueryParameters, until expiresAt: Duration, into lines: MultisearchLines
    ) async {
        await Self.gather(
            sources, until: expiresAt, on: api.gateway.timeline,
            search: { source in await response(for: source, query: query) },
            answered: { source, response in
                lines.answer(source, with: MultisearchLine.line(source: source, response: response))
            },
            timedOut: { _ in
                lines.expire { source in
                    MultisearchLine.timeout(
                        source: source, name: api.catalog.entry(source.rawValue)?.name ?? source.rawValue,
                        after: deadline)
                }
            })
    }

    /// What `/api/v1/search` answers for `source` with this query's `q`, `limit` and `lang`.
    func response(for source: SourceID, query: QueryParameters) async -> Response {
        do {
            let parameters = try api.parse(
                source: source.rawValue, text: query["q"], limit: query["limit"], language: query["lang"], cursor: nil)
            if let cached = api.gateway.cachedResponse(for: parameters.key) { return cached.response }
            return try await api.search(parameters)
        } catch let error as any HTTPResponseError {
            return error.response
        } catch {
            // As the server answers a handler's unexpected error: a 500 that says nothing internal.
            if !(error is CancellationError) { ServerLog.write("multisearch of \(source) failed: \(error)") }
            return HTTPError.internalError.response
        }
    }
}

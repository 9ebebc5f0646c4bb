import Foundation
import HTTPServer
import ScoutTestSupport

/// One simulated person at Scout's web page, from a loopback address of their own (so each has
/// their own per-client limits, as people behind different addresses do): types real queries
/// key by key, searches when the page's 120 ms debounce fires, reads the results for a few
/// seconds, sometimes loads the next page, and now and then gives up on a search before its
/// reply (as the page aborts a superseded one).
///
/// Unlike the page it waits for each reply it keeps, then searches the latest text: every reply
/// is timed and judged, so none is lost to an abort the soak did not choose.
///
/// ```swift
/// let person = TypingPerson(address: "127.0.0.100", port: server.port, script: script, seed: 1)
/// await person.type(until: { end }, into: tally)
/// ```
struct TypingPerson: Sendable {
    let address: String
    let port: UInt16
    let script: TypingScript
    let seed: UInt64
    /// Sources and how often a query goes to each.
    var sources: [(id: String, weight: Int)] = [("wikipedia", 55), ("commons", 20), ("flickr", 15), ("books", 10)]
    /// The page's debounce (`DEBOUNCE_MS` in app.js).
    var debounce = Duration.milliseconds(120)
    /// Part of searches given up on after 30–400 ms.
    var abortShare = 0.05
    /// Part of finished queries followed by "load more".
    var loadMoreShare = 0.2
    /// How long a reply may take before the client stops waiting (well past any deadline).
    var replyTimeout = Duration.seconds(15)

    /// Types until `end()` (read again and again: the soak may move it).
    func type(until end: @escaping @Sendable () -> ContinuousClock.Instant, into tally: ReplyTally) async {
        var random = SplitMix64(seed: seed)
        var connection: RawHTTPConnection?
        let clock = ContinuousClock()
        while clock.now < end() {
            let query = script.queries[Int(random.next() % UInt64(script.queries.count))]
            let source = pickSource(&random)
            var next: String?
            for (text, fireAt) in fires(of: query, from: clock.now) {
                guard fireAt < end() else { break }
                if clock.now < fireAt { try? await clock.sleep(until: fireAt) }
                next = await search(text, source: source, cursor: nil, connection: &connection, random: &random, tally)
            }
            if let cursor = next, Double(random.next() % 1000) / 1000 < loadMoreShare, clock.now < end() {
                try? await clock.sleep(for: .milliseconds(300 + Int(random.next() % 700)))
                _ = await search(
                    query.text, source: source, cursor: cursor, connection: &connection, random: &random, tally)
            }
            try? await clock.sleep(for: .milliseconds(1000 + Int(random.next() % 3000)))
        }
    }

    /// When the debounce fires while typing `query` from `start`, and for which text: after a key
    /// not followed by another within the debounce. A search that fires while the previous one
    /// is still out goes as soon as that reply is in, with the text as it is by then.
    private func fires(
        of query: TypingScript.Query, from start: ContinuousClock.Instant
    ) -> [(text: String, at: ContinuousClock.Instant)] {
        var times: [ContinuousClock.Instant] = []
        var time = start
        for keystroke in query.keystrokes {
            time += keystroke.delay
            times.append(time)
        }
        var fires: [(String, ContinuousClock.Instant)] = []
        for (index, keystroke) in query.keystrokes.enumerated() {
            if index + 1 < times.count, times[index + 1] - times[index] < debounce { continue }
            guard !keystroke.text.allSatisfy(\.isWhitespace) else { continue }
            fires.append((keystroke.text, times[index] + debounce))
        }
        return fires
    }

    private func pickSource(_ random: inout SplitMix64) -> String {
        var draw = Int(random.next() % UInt64(sources.reduce(0) { $0 + $1.weight }))
        for source in sources {
            if draw < source.weight { return source.id }
            draw -= source.weight
        }
        return sources[0].id
    }

    /// Searches `text`, records the reply, and returns its `next` cursor.
    private func search(
        _ text: String, source: String, cursor: String?, connection: inout RawHTTPConnection?,
        random: inout SplitMix64, _ tally: ReplyTally
    ) async -> String? {
        let limit = source == "commons" || source == "flickr" ? 30 : 20
        var target = "/api/v1/search?source=\(source)&q=\(Self.encoded(text))&limit=\(limit)"
        if let cursor { target += "&cursor=\(Self.encoded(cursor))" }
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let cacheKey = "\(source)|\(words)|\(cursor ?? "")|\(limit)"
        let clock = ContinuousClock()
        if Double(random.next() % 1000) / 1000 < abortShare {
            let patience = Duration.milliseconds(30 + Int(random.next() % 371))
            let started = clock.now
            do throws(RawHTTPError) {
                let throwaway = try RawHTTPConnection(port: port, sourceAddress: address, timeout: patience)
                let response = try await throwaway.get(target)
                tally.record(
                    path: "/api/v1/search", source: source, latency: clock.now - started, response: response,
                    query: text)
            } catch .timedOut {
                tally.recordAbort()
            } catch {
                tally.recordFailure(path: "/api/v1/search", source: source, error: error, latency: clock.now - started)
            }
            return nil
        }
        // A kept-alive connection the server closed meanwhile is reopened once, as browsers do.
        for attempt in 0..<2 {
            let started = clock.now
            do throws(RawHTTPError) {
                let open = try Self.reuse(connection, port: port, from: address, timeout: replyTimeout)
                connection = open
                let response = try await open.get(target)
                let latency = clock.now - started
                tally.record(
                    path: "/api/v1/search", source: source, latency: latency, response: response, query: text,
                    cacheKey: cacheKey)
                if response.headers["Connection"]?.lowercased() == "close" { connection = nil }
                return Self.nextCursor(response)
            } catch {
                connection = nil
                if attempt == 0, case .closed(received: 0) = error { continue }
                tally.recordFailure(path: "/api/v1/search", source: source, error: error, latency: clock.now - started)
                return nil
            }
        }
        return nil
    }

    private static func nextCursor(_ response: RawHTTPResponse) -> String? {
        guard response.status == 200, case .object(let object)? = try? response.json(),
            case .string(let next)? = object["next"]
        else { return nil }
        return next
    }

    /// `connection`, or a new one from `address` when there is none.
    static func reuse(
        _ connection: RawHTTPConnection?, port: UInt16, from address: String?, timeout: Duration
    ) throws(RawHTTPError) -> RawHTTPConnection {
        if let connection { return connection }
        return try RawHTTPConnection(port: port, sourceAddress: address, timeout: timeout)
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}

import Foundation
import HTTPServer
import ScoutTestSupport

/// A client that searches at a steady pace on one kept-alive connection, optionally from its
/// own loopback address, and judges every reply with a ``ReplyTally``: the load soak's
/// uncached searches, and the client that searches while slowloris holds the server's
/// connections open.
///
/// ```swift
/// let searcher = PacedSearcher(address: "127.0.0.2", port: port, interval: .milliseconds(50)) { n in
///     ("wikipedia", "/api/v1/search?source=wikipedia&q=dune&limit=20")
/// }
/// await searcher.run(until: end, into: tally)
/// ```
struct PacedSearcher: Sendable {
    let address: String?
    let port: UInt16
    let interval: Duration
    /// The source and request target of the n-th search.
    let target: @Sendable (Int) -> (source: String, target: String)

    func run(until end: ContinuousClock.Instant, into tally: ReplyTally) async {
        let clock = ContinuousClock()
        let start = clock.now
        var connection: RawHTTPConnection?
        var index = 0
        while clock.now < end {
            let due = start + interval * index
            if clock.now < due { try? await clock.sleep(until: due) }
            let (source, target) = self.target(index)
            index += 1
            let path = String(target.prefix { $0 != "?" })
            let started = clock.now
            do throws(RawHTTPError) {
                let open = try TypingPerson.reuse(connection, port: port, from: address, timeout: .seconds(10))
                connection = open
                let response = try await open.get(target)
                tally.record(path: path, source: source, latency: clock.now - started, response: response)
            } catch {
                connection = nil
                tally.recordFailure(path: path, source: source, error: error, latency: clock.now - started)
            }
        }
    }
}

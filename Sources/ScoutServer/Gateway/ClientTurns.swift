import Synchronization

/// Runs each client's catalog requests one at a time, the rest waiting their turn in order, so
/// one client's burst occupies at most one of the server's threads.
///
/// The token bucket bounds how many requests a client makes, not how many run at once: a
/// client's burst of 15 `/map` requests, each seconds of ranking over a catalog of giant crawled
/// titles, took both threads of a two-core server, and a client on another address waited
/// 14.5 s for a lookup. Taking turns, the burst runs one after another and leaves the other
/// thread to everyone else. Past ``maximumWaiting`` queued requests the answer is 429.
///
/// ```swift
/// let turns = ClientTurns()
/// let reply = try await turns.run(for: "203.0.113.7") { try await map(request) }
/// ```
final class ClientTurns: Sendable {
    private struct Line {
        var isRunning = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    /// How many of one client's requests may wait behind the one running.
    let maximumWaiting: Int
    private let lines = Mutex<[String: Line]>([:])

    init(maximumWaiting: Int = 8) { self.maximumWaiting = maximumWaiting }

    /// Runs `body` once `client` has no other request running; throws the 429 when too many wait.
    func run<T: Sendable>(for client: String, _ body: () async throws -> T) async throws -> T {
        try await takeTurn(client)
        defer { passTurn(client) }
        // A request cancelled while it waited (shutdown) ends here rather than running.
        try Task.checkCancellation()
        return try await body()
    }

    /// The number of `client`'s requests waiting now.
    func waitingCount(for client: String) -> Int { lines.withLock { $0[client]?.waiting.count ?? 0 } }

    private func takeTurn(_ client: String) async throws {
        enum Entry {
            case now
            case refused
            case wait
        }
        let entry = lines.withLock { lines -> Entry in
            var line = lines[client] ?? Line()
            if !line.isRunning {
                line.isRunning = true
                lines[client] = line
                return .now
            }
            return line.waiting.count < maximumWaiting ? .wait : .refused
        }
        switch entry {
        case .now: return
        case .refused: throw GatewayError.tooManyRequests(retryAfter: .seconds(1))
        case .wait:
            await withCheckedContinuation { continuation in
                // Queued under the lock, so a turn passed meanwhile cannot be missed: either
                // the line is still busy and this waits, or it was freed and this runs at once.
                let runsNow = lines.withLock { lines -> Bool in
                    var line = lines[client] ?? Line()
                    defer { lines[client] = line }
                    guard line.isRunning else {
                        line.isRunning = true
                        return true
                    }
                    line.waiting.append(continuation)
                    return false
                }
                if runsNow { continuation.resume() }
            }
        }
    }

    /// Hands the turn to the next waiting request, or frees the line (forgetting the client).
    private func passTurn(_ client: String) {
        let next = lines.withLock { lines -> CheckedContinuation<Void, Never>? in
            guard var line = lines[client] else { return nil }
            guard !line.waiting.isEmpty else {
                lines[client] = nil
                return nil
            }
            let next = line.waiting.removeFirst()
            lines[client] = line
            return next
        }
        next?.resume()
    }
}

import HTTPServer
import Synchronization

/// Bodies for the transport tests that count what the upstream handed its socket: the most a
/// client can have received, so "sent at most N" is proved on the server's side.
final class WrittenBytes: Sendable {
    private let count = Mutex(0)

    var total: Int { count.withLock { $0 } }

    /// A 200 whose body never ends (bounded at 1 GiB so no loop is endless), 64 KiB chunks as
    /// fast as the connection takes them; with `declaring`, a `Content-Length` of that size.
    func endless(declaring declaredLength: Int? = nil) -> Response {
        chunks(of: 64 * 1024, upTo: 1 << 30, declaredLength: declaredLength)
    }

    /// `chunkCount` chunks of `chunkSize` bytes, `pause` apart: a slow body to cancel in.
    func slow(chunkCount: Int, chunkSize: Int = 1024, pause: Duration = .milliseconds(2)) -> Response {
        chunks(of: chunkSize, upTo: chunkCount * chunkSize, declaredLength: chunkCount * chunkSize, pause: pause)
    }

    private func chunks(of size: Int, upTo limit: Int, declaredLength: Int?, pause: Duration? = nil) -> Response {
        let sent = Mutex(0)
        let stream = ResponseStream(declaredLength: declaredLength) { [self] in
            if let pause { try? await Task.sleep(for: pause) }
            guard !Task.isCancelled else { return nil }
            return sent.withLock { sent -> [UInt8]? in
                guard sent < limit else { return nil }
                let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: min(size, limit - sent))
                sent += chunk.count
                self.count.withLock { $0 += chunk.count }
                return chunk
            }
        }
        return Response(status: 200, headers: ["Content-Type": "application/octet-stream"], body: .stream(stream))
    }

    /// Waits until the count has not grown for `quiet`: the server has noticed the closed
    /// connection and stopped writing (bounded by `limit`).
    func settled(quiet: Duration = .milliseconds(300), limit: Duration = .seconds(10)) async -> Int {
        let clock = ContinuousClock()
        let end = clock.now + limit
        var last = total
        while clock.now < end {
            try? await Task.sleep(for: quiet)
            let now = total
            if now == last { return now }
            last = now
        }
        return total
    }
}

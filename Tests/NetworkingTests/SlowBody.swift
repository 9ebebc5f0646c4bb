import HTTPServer
import Synchronization

/// A 200 of `chunkCount` chunks of `chunkSize` bytes, `pause` apart: a slow body to cancel in.
func slowBody(chunkCount: Int, chunkSize: Int = 1024, pause: Duration = .milliseconds(2)) -> Response {
    let next = Counter()
    let stream = ResponseStream(declaredLength: chunkCount * chunkSize) {
        try? await Task.sleep(for: pause)
        guard !Task.isCancelled, next.take() < chunkCount else { return nil }
        return [UInt8](repeating: UInt8(ascii: "a"), count: chunkSize)
    }
    return Response(status: 200, headers: ["Content-Type": "application/octet-stream"], body: .stream(stream))
}

/// Counts up from 0, one number per call.
private final class Counter: Sendable {
    private let value = Mutex(0)

    func take() -> Int {
        value.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}

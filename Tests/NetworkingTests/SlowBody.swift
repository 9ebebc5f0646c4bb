import HTTPServer
import ScoutTestSupport

/// A 200 of `chunkCount` chunks of `chunkSize` bytes, `pause` apart: a slow body to cancel in.
func slowBody(chunkCount: Int, chunkSize: Int = 1024, pause: Duration = .milliseconds(2)) -> Response {
    let sent = Locked(0)
    let stream = ResponseStream(declaredLength: chunkCount * chunkSize) {
        // Slow in real time: libcurl reads it over a real socket, and the cancellation under
        // test must land while the body is still arriving.
        try? await Task.sleep(for: pause)
        let index = sent.withLock { sent in
            defer { sent += 1 }
            return sent
        }
        guard !Task.isCancelled, index < chunkCount else { return nil }
        return [UInt8](repeating: UInt8(ascii: "a"), count: chunkSize)
    }
    return Response(status: 200, headers: ["Content-Type": "application/octet-stream"], body: .stream(stream))
}

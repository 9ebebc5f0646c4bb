import HTTPServer
import Synchronization

/// The responses behind each ``Fault``.
enum FaultReplies {
    /// A small HTML error page, as CDNs and app servers send with 4xx/5xx statuses.
    static func errorPage(status: Int) -> Response {
        let reason = reasonPhrase(status)
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(status) \(reason)</title></head>
            <body><h1>\(reason)</h1><p>The fake upstream was told to fail this request.</p></body></html>

            """
        return Response(
            status: status, headers: ["Content-Type": "text/html; charset=utf-8"], bytes: Array(html.utf8))
    }

    /// Suspends until the task is cancelled, then throws `CancellationError`.
    static func waitUntilCancelled() async throws {
        while true { try await Task.sleep(for: .seconds(3600)) }
    }

    /// Suspends until the task is cancelled or the client closed `socket` (checked every 50 ms),
    /// so hangs clients gave up on do not pile up.
    static func waitUntilCancelled(orClosed socket: ClientSocket?) async throws {
        guard let socket else { return try await waitUntilCancelled() }
        while !socket.isClosed { try await Task.sleep(for: .milliseconds(50)) }
    }

    /// `response` with its body sent one byte per `byteInterval` (the first byte at once, so the
    /// headers go out promptly).
    static func trickle(_ response: Response, byteInterval: Duration, clock: any Clock<Duration>) -> Response {
        let bytes = response.bodyBytes ?? []
        let offset = Mutex(0)
        var trickled = response
        trickled.body = .stream(
            ResponseStream(declaredLength: bytes.count) {
                let index = offset.withLock { offset in
                    defer { offset += 1 }
                    return offset
                }
                guard index < bytes.count, !Task.isCancelled else { return nil }
                if index > 0 {
                    do { try await clock.sleep(for: byteInterval) } catch { return nil }
                }
                return [bytes[index]]
            })
        return trickled
    }

    /// `response` declaring its full `Content-Length` but sending only the first half of the body.
    static func truncated(_ response: Response) -> Response {
        let bytes = response.bodyBytes ?? []
        let sent = Array(bytes.prefix(bytes.count / 2))
        let declared = max(bytes.count, sent.count + 1)
        let isSent = Mutex(false)
        var truncated = response
        truncated.body = .stream(
            ResponseStream(declaredLength: declared) {
                isSent.withLock { isSent in
                    defer { isSent = true }
                    return isSent || sent.isEmpty ? nil : sent
                }
            })
        return truncated
    }

    /// A 200 JSON reply holding the first half of `response`'s body.
    static func malformed(_ response: Response) -> Response {
        var bytes = response.bodyBytes ?? []
        bytes = Array(bytes.prefix(max(1, bytes.count / 2)))
        if bytes.isEmpty || bytes == Array("{".utf8) { bytes = Array(#"{"batchcomplete":"#.utf8) }
        var headers = response.headers
        headers["Content-Type"] = "application/json; charset=utf-8"
        return Response(status: 200, headers: headers, bytes: bytes)
    }

    /// A valid JSON reply of `megabytes` MiB produced 64 KiB at a time.
    static func huge(megabytes: Int) -> Response {
        let prefix = Array(#"{"padding":""#.utf8)
        let suffix = Array(#""}"#.utf8)
        let total = max(megabytes, 0) * 1_048_576 + prefix.count + suffix.count
        let chunkSize = 64 * 1024
        let offset = Mutex(0)
        let stream = ResponseStream(declaredLength: total) {
            guard !Task.isCancelled else { return nil }
            let start = offset.withLock { offset in
                defer { offset = min(total, offset + chunkSize) }
                return offset
            }
            guard start < total else { return nil }
            let end = min(total, start + chunkSize)
            var chunk = [UInt8](repeating: UInt8(ascii: "a"), count: end - start)
            for position in start..<end {
                if position < prefix.count {
                    chunk[position - start] = prefix[position]
                } else if position >= total - suffix.count {
                    chunk[position - start] = suffix[position - (total - suffix.count)]
                }
            }
            return chunk
        }
        return Response(
            status: 200, headers: ["Content-Type": "application/json; charset=utf-8"], body: .stream(stream))
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Error"
        }
    }
}

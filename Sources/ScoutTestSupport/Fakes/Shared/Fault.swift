/// Something going wrong on purpose in a fake upstream, injected with ``FaultPlan/inject(_:count:when:)``
/// (or `fake.inject(…)`) for the next N requests or for all of them.
///
/// ```swift
/// fake.inject(.retryAfter(seconds: 7), count: 1)  // first a 429 with Retry-After: 7
/// fake.inject(.status(503), count: 2)             // then two 503s
/// // …then normal replies again
/// ```
public enum Fault: Sendable, Equatable, CustomStringConvertible {
    /// Answers normally, but only after `duration` more on the plan's clock.
    case latency(Duration)
    /// Answers with this HTTP status (such as 500, 502, 503) and a small HTML error page.
    case status(Int)
    /// Answers `status` (429 unless given) with `Retry-After: seconds`.
    case retryAfter(seconds: Int, status: Int = 429)
    /// Never answers: the request waits until the server shuts down (the wait honours task
    /// cancellation, so shutdown is not held up) or until its client closes the connection;
    /// the client has to give up on its own.
    case hang
    /// Sends the normal reply's headers at once and its body one byte per `byteInterval` on the
    /// plan's clock.
    case slowBody(byteInterval: Duration = .seconds(1))
    /// Declares the normal reply's full `Content-Length`, sends only the first half of the body,
    /// and closes the connection.
    case truncatedBody
    /// A 200 `application/json` reply whose body is the first half of the normal JSON, with a
    /// correct `Content-Length`: valid HTTP, invalid JSON.
    case malformedJSON
    /// A 200 JSON reply of `megabytes` MiB (`{"padding":"aaaa…"}`), produced in 64 KiB chunks so it
    /// is never held in memory whole.
    case hugeBody(megabytes: Int)

    /// A short name for logs and test output, such as `status(503)`.
    public var description: String {
        switch self {
        case .latency(let duration): "latency(\(duration))"
        case .status(let status): "status(\(status))"
        case .retryAfter(let seconds, let status): "retryAfter(seconds: \(seconds), status: \(status))"
        case .hang: "hang"
        case .slowBody(let interval): "slowBody(byteInterval: \(interval))"
        case .truncatedBody: "truncatedBody"
        case .malformedJSON: "malformedJSON"
        case .hugeBody(let megabytes): "hugeBody(megabytes: \(megabytes))"
        }
    }
}

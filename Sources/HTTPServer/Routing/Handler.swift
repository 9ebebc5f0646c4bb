/// How a route answers: at once on the server's thread, later in a task, or either.
///
/// Immediate handlers skip the suspend/resume hop (about 13 µs of CPU) and suit replies that
/// are already in memory; anything that awaits must be deferred.
public enum Handler: Sendable {
    /// Answers synchronously on the server thread; must not block.
    case immediate(@Sendable (Request) throws -> Response)
    /// Answers in a task; the connection is suspended meanwhile.
    case deferred(@Sendable (Request) async throws -> Response)
    /// Tries `immediate` first (nil means "not now") and falls back to `deferred`.
    case either(
        immediate: @Sendable (Request) throws -> Response?,
        deferred: @Sendable (Request) async throws -> Response)
}

/// Whatever turns requests into handlers: a ``Router``, or a test's own responder.
public protocol HTTPResponder: Sendable {
    /// The handler for `request`; may fill in `request.pathParameters` and `request.route`.
    func handler(for request: inout Request) -> Handler

    /// Told of every request the server answered; nil (the default) tells no one.
    var observer: (any RequestObserver)? { get }
}

extension HTTPResponder {
    public var observer: (any RequestObserver)? { nil }
}

/// Hears of each request once its reply is sent, for metrics: on the server's thread, so it
/// must be quick and must not block (count, don't format).
///
/// ```swift
/// var router = Router()
/// router.observer = requestMetrics   // counts by route and status, a latency histogram
/// ```
public protocol RequestObserver: Sendable {
    /// A request ended with a reply of `status` after `duration` on the server's clock, from
    /// its URI's arrival to the last byte handed to the socket. `route` is the matched route's
    /// pattern (``Request/route``), nil when none matched or the request was refused first.
    func requestFinished(route: String?, status: Int, duration: Duration)
}

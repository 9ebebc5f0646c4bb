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
    /// The handler for `request`; may fill in `request.pathParameters`.
    func handler(for request: inout Request) -> Handler
}

/// Suspends until the calling task is cancelled, then throws `CancellationError`: the body of
/// a fake that hangs (a policy, a handler, a transfer) until the code under test gives up on
/// it. Nothing waits on the wall clock — it sleeps on a ``ManualClock`` nobody advances.
///
/// ```swift
/// let policy = ImageFetchPolicy { _ in
///     try? await untilCancelled()
///     return true
/// }
/// ```
public func untilCancelled() async throws {
    try await ManualClock().sleep(until: ManualClock.Instant(offset: .seconds(1)))
}

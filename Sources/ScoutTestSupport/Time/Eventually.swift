/// Polls `condition` every `interval` until it holds or `deadline` has passed; returns whether
/// it held. The one way a test waits for real asynchronous work — a server's thread, a socket, a
/// process, another task — to get somewhere:
///
/// ```swift
/// #expect(await eventually { loader.counters.downloads == 5 })
/// #expect(await eventually(within: .seconds(10)) { try await redis.fleetSize() == 3 })
/// ```
///
/// The deadline and the interval are real time (`ContinuousClock`), because what is polled runs
/// on real time: threads and sockets do not follow a `ManualClock`. Time Scout's own code
/// waits for — debounce, TTLs, backoff, rates — is never waited out here: inject a
/// ``ManualClock`` and advance it. A passing test never gets near the deadline; it only bounds
/// how long a failing one takes. An interval of `.zero` yields instead of sleeping, for work
/// that only needs other tasks to run.
public func eventually(
    within deadline: Duration = .seconds(5),
    pollingEvery interval: Duration = .milliseconds(10),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let end = clock.now + deadline
    while clock.now < end {
        if try await condition() { return true }
        if interval == .zero {
            await Task.yield()
        } else {
            try? await Task.sleep(for: interval, clock: clock)
        }
    }
    return try await condition()
}

import Synchronization

/// A clock that moves only when a test tells it to, so code with delays, timeouts and TTLs is
/// tested without sleeping for real.
///
/// `sleep(until:tolerance:)` suspends until ``advance(by:)`` (or ``advance(to:)``) moves ``now``
/// to or past the deadline, and throws `CancellationError` as soon as the sleeping task is
/// cancelled. ``waitForSleepers(count:)`` lets a test wait until the code under test has
/// actually started sleeping before it advances the clock.
///
/// ```swift
/// let clock = ManualClock()
/// let task = Task { try await clock.sleep(for: .seconds(3)) }
/// await clock.waitForSleepers(count: 1)
/// clock.advance(by: .seconds(3))  // the task wakes up
/// try await task.value
/// ```
public final class ManualClock: Clock, Sendable {
    /// A point on a ``ManualClock``: the time elapsed since the clock was made.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// Time since the clock's origin.
        public var offset: Duration

        /// An instant `offset` after the clock's origin.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Orders instants by their offset.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

        /// The offset, such as `3.0 seconds`.
        public var description: String { "ManualClock.Instant(\(offset))" }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct SleeperWaiter {
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        /// Sleeps cancelled before their continuation was registered.
        var cancelledIDs: Set<UInt64> = []
        var waiters: [UInt64: SleeperWaiter] = [:]
        var cancelledWaiterIDs: Set<UInt64> = []

        /// Removes and returns the waiters whose sleeper count has been reached.
        mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let satisfied = waiters.filter { $0.value.count <= sleepers.count }
            for id in satisfied.keys { waiters[id] = nil }
            return satisfied.values.map(\.continuation)
        }
    }

    private let state = Mutex(State())

    /// A clock whose ``now`` starts at offset zero.
    public init() {}

    /// The current instant; changes only through ``advance(by:)`` and ``advance(to:)``.
    public var now: Instant { state.withLock { $0.now } }

    /// Zero: a manual clock is exact.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on this clock right now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The deadlines of the tasks sleeping right now, earliest first.
    public var pendingDeadlines: [Instant] { state.withLock { $0.sleepers.values.map(\.deadline).sorted() } }

    /// Suspends until the clock is advanced to `deadline` or later; throws `CancellationError`
    /// if the task is cancelled first. Returns at once when `deadline` has already passed.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome {
                    case cancelled
                    case due
                    case sleeping([CheckedContinuation<Void, Never>])
                }
                let outcome: Outcome = state.withLock { state in
                    if state.cancelledIDs.remove(id) != nil { return .cancelled }
                    if deadline <= state.now { return .due }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return .sleeping(state.takeSatisfiedWaiters())
                }
                switch outcome {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .due: continuation.resume()
                case .sleeping(let waiters):
                    for waiter in waiters { waiter.resume() }
                }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
                state.cancelledIDs.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        // A sleep that finished normally leaves no trace in `cancelledIDs`.
        state.withLock { _ = $0.cancelledIDs.remove(id) }
    }

    /// Moves the clock forward by `duration` and wakes every sleeper whose deadline has come,
    /// earliest deadline first.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "a ManualClock cannot go backwards")
        let due: [Sleeper] = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            return Self.takeDue(from: &state)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves the clock forward to `instant` (no-op if it is not later than ``now``) and wakes
    /// every sleeper whose deadline has come.
    public func advance(to instant: Instant) {
        let due: [Sleeper] = state.withLock { state in
            if instant > state.now { state.now = instant }
            return Self.takeDue(from: &state)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Suspends until at least `count` tasks are sleeping on this clock (or the waiting task is
    /// cancelled), so a test advances the clock only once the code under test is waiting.
    public func waitForSleepers(count: Int) async {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let isReady = state.withLock { state in
                    if state.cancelledWaiterIDs.remove(id) != nil || state.sleepers.count >= count { return true }
                    state.waiters[id] = SleeperWaiter(count: count, continuation: continuation)
                    return false
                }
                if isReady { continuation.resume() }
            }
        } onCancel: {
            let waiter: SleeperWaiter? = state.withLock { state in
                if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
                state.cancelledWaiterIDs.insert(id)
                return nil
            }
            waiter?.continuation.resume()
        }
        state.withLock { _ = $0.cancelledWaiterIDs.remove(id) }
    }

    private static func takeDue(from state: inout State) -> [Sleeper] {
        let dueIDs = state.sleepers.filter { $0.value.deadline <= state.now }.keys
        let due = dueIDs.compactMap { state.sleepers.removeValue(forKey: $0) }
        return due.sorted { $0.deadline < $1.deadline }
    }
}

import Synchronization

/// What the server has in flight: handler tasks to cancel and suspended connections to resume
/// before libmicrohttpd may be stopped (stopping with one suspended aborts the process).
final class InflightRegistry: Sendable {
    private struct State {
        var nextID: UInt64 = 0
        var tasks: [UInt64: Task<Void, Never>] = [:]
        var suspensions: [UInt64: any Suspension] = [:]
        var openRequests = 0
        var isDraining = false
        var isCancelled = false
        var isAbandoned = false
        /// Who waits for no task (or no request) to be in flight, by waiter.
        var idleWaiters: [UInt64: IdleWaiter] = [:]
        var cancelledWaiters: Set<UInt64> = []

        /// Removes and returns the waiters whose kind of work has none left in flight.
        mutating func takeIdleWaiters() -> [CheckedContinuation<Void, Never>] {
            let idle = idleWaiters.filter { isIdle($0.value.kind) }
            for id in idle.keys { idleWaiters[id] = nil }
            return idle.values.map(\.continuation)
        }

        func isIdle(_ kind: Work) -> Bool {
            switch kind {
            case .tasks: tasks.isEmpty
            case .requests: openRequests == 0
            }
        }
    }

    /// What shutdown waits to see finish: the handlers' tasks, or the requests libmicrohttpd
    /// has not yet reported complete.
    enum Work {
        case tasks
        case requests
    }

    struct IdleWaiter {
        let kind: Work
        let continuation: CheckedContinuation<Void, Never>
    }

    private let state = Mutex(State())

    /// Counts a request from the moment its URI arrives until libmicrohttpd reports it complete.
    func requestOpened() { state.withLock { $0.openRequests += 1 } }
    func requestClosed() {
        let idle = state.withLock { state in
            state.openRequests -= 1
            return state.takeIdleWaiters()
        }
        for waiter in idle { waiter.resume() }
    }

    var isDraining: Bool { state.withLock { $0.isDraining } }
    func startDraining() { state.withLock { $0.isDraining = true } }

    /// Registers a suspended connection and runs `work` in a task; the suspension's `finish`
    /// must be called exactly once (by the task, or by shutdown) to resume the connection.
    ///
    /// A request can pass the draining check just before shutdown starts and be suspended just
    /// after shutdown swept the registry. So one registered after ``cancelAll()`` starts
    /// cancelled, and one registered after ``abandonAll()`` is resumed with the shutdown reply
    /// at once: libmicrohttpd aborts the process if it is stopped with a connection suspended.
    func run(_ suspension: any Suspension, work: @escaping @Sendable () async -> Void) {
        let isAbandoned = state.withLock { state -> Bool in
            guard !state.isAbandoned else { return true }
            let id = state.nextID
            state.nextID += 1
            state.suspensions[id] = suspension
            let startsCancelled = state.isCancelled
            state.tasks[id] = Task { [weak self] in
                if startsCancelled { withUnsafeCurrentTask { $0?.cancel() } }
                await work()
                let idle = self?.state.withLock { state in
                    state.tasks[id] = nil
                    state.suspensions[id] = nil
                    return state.takeIdleWaiters()
                }
                for waiter in idle ?? [] { waiter.resume() }
            }
            return false
        }
        if isAbandoned { suspension.abandon() }
    }

    var counts: (tasks: Int, requests: Int) {
        state.withLock { ($0.tasks.count, $0.openRequests) }
    }

    /// Returns once no work of `kind` is in flight, or as soon as the waiting task is cancelled
    /// (shutdown races it against its grace period, on the server's clock).
    func waitUntilIdle(_ kind: Work) async {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let isIdle = state.withLock { state in
                    if state.cancelledWaiters.remove(id) != nil || state.isIdle(kind) { return true }
                    state.idleWaiters[id] = IdleWaiter(kind: kind, continuation: continuation)
                    return false
                }
                if isIdle { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                guard let waiter = state.idleWaiters.removeValue(forKey: id) else {
                    state.cancelledWaiters.insert(id)
                    return IdleWaiter?.none
                }
                return waiter
            }
            waiter?.continuation.resume()
        }
        state.withLock { _ = $0.cancelledWaiters.remove(id) }
    }

    /// Cancels every running task, and every task started from now on.
    func cancelAll() {
        let tasks = state.withLock { state in
            state.isCancelled = true
            return Array(state.tasks.values)
        }
        for task in tasks { task.cancel() }
    }

    /// Resumes every connection still suspended with the shutdown reply, whether or not its task
    /// has noticed cancellation (a late result is then discarded), and every one suspended from
    /// now on.
    func abandonAll() {
        let suspensions = state.withLock { state in
            defer { state.suspensions.removeAll() }
            state.isAbandoned = true
            return Array(state.suspensions.values)
        }
        for suspension in suspensions { suspension.abandon() }
    }
}

/// One suspended libmicrohttpd connection and the single way to resume it.
protocol Suspension: AnyObject, Sendable {
    /// Resumes the connection with a shutdown reply unless it was already resumed.
    func abandon()
}

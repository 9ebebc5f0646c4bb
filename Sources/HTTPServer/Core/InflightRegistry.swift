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
    }

    private let state = Mutex(State())

    /// Counts a request from the moment its URI arrives until libmicrohttpd reports it complete.
    func requestOpened() { state.withLock { $0.openRequests += 1 } }
    func requestClosed() { state.withLock { $0.openRequests -= 1 } }

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
                self?.state.withLock { state in
                    state.tasks[id] = nil
                    state.suspensions[id] = nil
                }
            }
            return false
        }
        if isAbandoned { suspension.abandon() }
    }

    var counts: (tasks: Int, requests: Int) {
        state.withLock { ($0.tasks.count, $0.openRequests) }
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

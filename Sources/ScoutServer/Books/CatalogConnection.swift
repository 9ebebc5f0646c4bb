import BookCatalog
import Foundation
import ScoutModels
import Synchronization

/// The server's book catalog as it stands: being opened, open, or failed with the reason — and,
/// when it failed, opened again in the background after a backoff until it opens. So a server
/// started before its catalog exists (or beside another process creating it, or while its
/// database is down) serves the catalog as soon as it can be opened, without a restart, and
/// meanwhile every book route and `/readyz` say what is wrong instead of "no catalog".
///
/// ```swift
/// let catalog = CatalogConnection(label: path) { try await BookStores.open(location, creating: .nothing) }
/// let app = ScoutApp(configuration: configuration, catalog: catalog)
/// ```
public final class CatalogConnection: Sendable {
    /// Where the catalog stands.
    public enum State: Sendable {
        /// The first attempt has not finished.
        case opening
        /// The catalog is open.
        case open(any BookStore)
        /// The last attempt failed: a sentence safe to show, saying what is wrong and what to do.
        case failed(String)
    }

    /// How long to wait after the first failure before trying again, doubled after each
    /// further failure up to ``maximumRetryDelay``.
    public static let firstRetryDelay = Duration.seconds(1)
    /// The longest wait between two attempts.
    public static let maximumRetryDelay = Duration.seconds(30)

    /// The state, how many attempts have ended, and who waits for the next to end.
    private struct Progress {
        var state: State
        var attempts = 0
        var waiters: [(after: Int, continuation: CheckedContinuation<State, Never>)] = []
    }

    private let progress: Mutex<Progress>
    private let opener = Mutex<Task<Void, Never>?>(nil)

    /// A catalog open from the start.
    public init(store: any BookStore) {
        progress = Mutex(Progress(state: .open(store), attempts: 1))
    }

    /// Opens the catalog with `open` in the background, and after each failure again after a
    /// delay on `clock` (1 s, doubling to 30 s) until it opens. A failure's reason is its
    /// `description` (a ``BookStorage``-style error whose text is safe to show).
    ///
    /// - Parameter retries: Whether to try again after a failure (tests of one attempt pass false).
    public init(
        clock: any Clock<Duration> = ContinuousClock(), retries: Bool = true,
        open: @escaping @Sendable () async throws -> any BookStore
    ) {
        progress = Mutex(Progress(state: .opening))
        let task = Task { [weak self] in
            var delay = Self.firstRetryDelay
            while !Task.isCancelled {
                let state: State
                do {
                    state = .open(try await open())
                } catch {
                    state = .failed(String(describing: error))
                }
                guard let self else { return }
                self.publish(state)
                guard case .failed = state, retries else { return }
                do { try await clock.sleep(for: delay) } catch { return }
                delay = min(delay * 2, Self.maximumRetryDelay)
            }
        }
        opener.withLock { $0 = task }
    }

    deinit {
        opener.withLock { $0 }?.cancel()
    }

    /// Where the catalog stands now.
    public var state: State { progress.withLock { $0.state } }

    /// The state once more than `attempts` attempts to open have ended: `settled()` waits for
    /// the first, `settled(after: 1)` for the first retry. How tests wait without sleeping.
    public func settled(after attempts: Int = 0) async -> State {
        await withCheckedContinuation { continuation in
            let state = progress.withLock { progress -> State? in
                guard progress.attempts > attempts else {
                    progress.waiters.append((attempts, continuation))
                    return nil
                }
                return progress.state
            }
            if let state { continuation.resume(returning: state) }
        }
    }

    /// The open catalog. Throws the 503 a book route answers while it is being opened or failed,
    /// with the reason.
    func store() throws -> any BookStore {
        switch state {
        case .open(let store): return store
        case .opening:
            throw GatewayError(
                status: 503, code: "catalog_unavailable",
                message: "The book catalog is being opened. Retry in a moment.", source: nil, retryAfter: .seconds(1))
        case .failed(let reason):
            throw GatewayError(
                status: 503, code: "catalog_unavailable",
                message: "\(reason) The server tries again in the background.", source: nil,
                retryAfter: .seconds(5))
        }
    }

    /// The open catalog of `connection`, or the 503 a book route answers: "no catalog" when
    /// the server has none, else what ``store()`` throws.
    static func store(of connection: CatalogConnection?) throws -> any BookStore {
        guard let connection else {
            throw GatewayError(
                status: 503, code: "catalog_unavailable",
                message: "This server has no book catalog. Import one with 'scout books import'.", source: nil,
                retryAfter: nil)
        }
        return try connection.store()
    }

    private func publish(_ state: State) {
        let ready = progress.withLock { progress in
            progress.state = state
            progress.attempts += 1
            let attempts = progress.attempts
            let ready = progress.waiters.filter { $0.after < attempts }
            progress.waiters.removeAll { $0.after < attempts }
            return ready
        }
        for waiter in ready { waiter.continuation.resume(returning: state) }
    }
}

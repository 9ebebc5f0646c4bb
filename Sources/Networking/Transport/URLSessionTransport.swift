import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``Transport`` over URLSession: the default on Apple platforms (``PlatformTransport``), and on
/// Linux only for comparison (``CurlTransport`` is the default there). A delegate enforces the
/// byte cap while the body arrives and refuses redirects unless allowed (URLSession alone
/// buffers a 200 MB body whole and follows redirects anywhere, including to 127.0.0.1).
///
/// On Linux, FoundationNetworking ignores the `.cancel` response disposition and reads ahead
/// without back-pressure, so there the cap bounds memory, not bandwidth; and cancelling a task
/// while its body flows can abort the process (swift-corelibs-foundation #3292, #3296).
public final class URLSessionTransport: Transport {
    private let session: URLSession
    private let delegate: SessionDelegate

    /// - Parameter maxConnectionsPerHost: nil (the default) sets no limit of the transport's
    ///   own, as ``CurlTransport`` does: the hosts' budgets limit calls, and a request over
    ///   URLSession's own limit (6 by default) would wait unseen while its deadline runs.
    public init(maxConnectionsPerHost: Int? = nil) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost.map { max(1, $0) } ?? Int(Int32.max)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        // Deadlines are enforced by cancellation; these only bound a call nobody cancels.
        configuration.timeoutIntervalForRequest = 60
        configuration.timeoutIntervalForResource = 120
        delegate = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    public func send(_ request: URLRequest, maxBytes: Int, allowsRedirects: Bool) async throws -> TransportReply {
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.register(
                    task,
                    state: SessionDelegate.TaskState(
                        continuation: continuation, maxBytes: maxBytes, allowsRedirects: allowsRedirects))
                if Task.isCancelled { task.cancel() }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// Collects each task's body, stops it past its byte cap, and answers redirect questions.
/// `@unchecked Sendable`: all mutable state sits behind `tasks`' mutex.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct TaskState {
        let continuation: CheckedContinuation<TransportReply, any Error>
        let maxBytes: Int
        let allowsRedirects: Bool
        var body = Data()
        var response: HTTPURLResponse?
    }

    private let tasks = Mutex<[Int: TaskState]>([:])

    func register(_ task: URLSessionTask, state: TaskState) {
        tasks.withLock { $0[task.taskIdentifier] = state }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let refused = tasks.withLock { tasks -> TaskState? in
            guard var state = tasks[dataTask.taskIdentifier] else { return nil }
            // Refuse at once when the declared length is already over the cap.
            if response.expectedContentLength > state.maxBytes {
                return tasks.removeValue(forKey: dataTask.taskIdentifier)
            }
            state.response = response as? HTTPURLResponse
            tasks[dataTask.taskIdentifier] = state
            return nil
        }
        refused?.continuation.resume(throwing: TransportError.tooLarge(limit: refused?.maxBytes ?? 0))
        completionHandler(refused == nil ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let refused = tasks.withLock { tasks -> TaskState? in
            guard var state = tasks[dataTask.taskIdentifier] else { return nil }
            guard state.body.count + data.count <= state.maxBytes else {
                return tasks.removeValue(forKey: dataTask.taskIdentifier)
            }
            state.body.append(data)
            tasks[dataTask.taskIdentifier] = state
            return nil
        }
        // The caller hears now; the cancelled task's own completion finds nothing to answer.
        guard let refused else { return }
        refused.continuation.resume(throwing: TransportError.tooLarge(limit: refused.maxBytes))
        dataTask.cancel()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let allowed = tasks.withLock { $0[task.taskIdentifier]?.allowsRedirects ?? false }
        // nil delivers the 3xx itself, which the client reports as a refused redirect.
        completionHandler(allowed ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let state = tasks.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            state.continuation.resume(throwing: error)
        } else if let response = state.response {
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            state.continuation.resume(
                returning: TransportReply(status: response.statusCode, headers: headers, body: state.body))
        } else {
            state.continuation.resume(throwing: TransportError.notHTTP)
        }
    }
}

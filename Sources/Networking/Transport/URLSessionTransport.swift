import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``Transport`` over URLSession, with a delegate that enforces the byte cap while the body
/// arrives and refuses redirects unless allowed. (URLSession alone buffers a 200 MB body whole
/// and follows redirects anywhere, including to 127.0.0.1.)
///
/// The cap bounds what is kept and answers the caller at once; the task is then cancelled, as
/// soon as the `Content-Length` or the bytes so far pass the cap. That bounds memory, not
/// bandwidth: FoundationNetworking reads ahead of its delegate without back-pressure, so much of
/// a fast upstream's body may still arrive (and be dropped) before the cancellation takes hold.
/// Measured streaming 256 MiB from 127.0.0.1: it stopped early in most runs, not in all.
public final class URLSessionTransport: Transport {
    private let session: URLSession
    private let delegate: SessionDelegate

    /// - Parameter maxConnectionsPerHost: the per-host budget usually limits this further.
    public init(maxConnectionsPerHost: Int = 6) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
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
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
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
        completionHandler(refused == nil ? .allow : .cancel)
        // FoundationNetworking ignores the disposition (it prints "Ignoring disposition from
        // completion handler") and would download the whole body: cancel the task itself.
        if let refused { Self.refuse(dataTask, over: refused) }
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
        if let refused { Self.refuse(dataTask, over: refused) }
    }

    /// Answers the caller with "too large" and cancels `task`. The caller hears now rather than
    /// when the cancelled task reports back: on Linux a task cancelled from its own data
    /// callback does not always report completion.
    private static func refuse(_ task: URLSessionDataTask, over state: TaskState) {
        state.continuation.resume(throwing: TransportError.tooLarge(limit: state.maxBytes))
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
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

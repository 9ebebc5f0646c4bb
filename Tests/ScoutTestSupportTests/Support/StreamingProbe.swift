import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Starts a GET and reports, while it runs, the status and how many body bytes have arrived;
/// for slow, truncated and huge bodies. Cancel it when done.
///
/// `@unchecked Sendable`: `session` and `task` are set once in ``start(_:)`` before the probe is
/// shared; everything else is behind the mutex.
final class StreamingProbe: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        var status: Int?
        var bytes = 0
        var isFinished = false
        var error: (any Error)?
    }

    private let state = Mutex(State())
    private var session: URLSession?
    private var task: URLSessionDataTask?

    private override init() { super.init() }

    /// Starts a GET of `url`.
    static func start(_ url: URL) -> StreamingProbe {
        let probe = StreamingProbe()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        let session = URLSession(configuration: configuration, delegate: probe, delegateQueue: nil)
        probe.session = session
        probe.task = session.dataTask(with: url)
        probe.task?.resume()
        return probe
    }

    var status: Int? { state.withLock { $0.status } }
    var bytesReceived: Int { state.withLock { $0.bytes } }
    var isFinished: Bool { state.withLock { $0.isFinished } }
    var error: (any Error)? { state.withLock { $0.error } }

    func cancel() {
        task?.cancel()
        session?.invalidateAndCancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        state.withLock { $0.status = (response as? HTTPURLResponse)?.statusCode }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { $0.bytes += data.count }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state.withLock { state in
            state.isFinished = true
            state.error = error
        }
    }
}

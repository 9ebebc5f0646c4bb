import CMicroHTTPD
import Synchronization

/// Feeds a ``ResponseStream`` to libmicrohttpd's content reader: when no bytes are buffered it
/// suspends the connection, fetches the next chunk in a task, and resumes.
///
/// `@unchecked Sendable`: all mutable state is inside `state`.
final class StreamingBody: @unchecked Sendable, Suspension {
    private struct State {
        var pending: [UInt8] = []
        var offset = 0
        var isFinished = false
        var isFetching = false
        var failed = false
        var delivered = 0
    }

    private let stream: ResponseStream
    /// The most bytes it sends (``ServerLimits/maxReplyBytes``); a stream that would pass it is cut.
    private let limit: Int
    private let registry: InflightRegistry
    private let context: RequestContext
    private let state = Mutex(State())
    nonisolated(unsafe) private let connection: OpaquePointer

    init(stream: ResponseStream, registry: InflightRegistry, context: RequestContext, limit: Int) {
        self.stream = stream
        self.limit = limit
        self.registry = registry
        self.context = context
        self.connection = context.connection
    }

    /// Copies up to `capacity` bytes into `buffer`; 0 after suspending to wait for the next chunk.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        enum Step {
            case copied(Int)
            case end(failed: Bool)
            case fetch
        }
        let step: Step = state.withLock { state in
            if state.offset < state.pending.count {
                let count = min(capacity, state.pending.count - state.offset)
                state.pending.withUnsafeBytes { raw in
                    UnsafeMutableRawPointer(buffer).copyMemory(
                        from: raw.baseAddress! + state.offset, byteCount: count)
                }
                state.offset += count
                state.delivered += count
                return .copied(count)
            }
            if state.isFinished { return .end(failed: state.failed) }
            state.isFetching = true
            return .fetch
        }
        switch step {
        case .copied(let count):
            context.bytesSent += count
            return count
        case .end(let failed):
            if failed { context.note = "body-truncated" }
            return failed ? scout_mhd_reader_end_with_error() : scout_mhd_reader_end_of_stream()
        case .fetch:
            MHD_suspend_connection(connection)
            registry.run(self) { [self] in
                let chunk = Task.isCancelled ? nil : await stream.next()
                deliver(chunk)
            }
            return 0
        }
    }

    private func deliver(_ chunk: [UInt8]?) {
        let shouldResume = state.withLock { state in
            guard state.isFetching else { return false }
            state.isFetching = false
            if let chunk, state.delivered + chunk.count > limit {
                state.isFinished = true
                state.failed = true
            } else if let chunk {
                state.pending = chunk
                state.offset = 0
            } else {
                state.isFinished = true
                if let declared = stream.declaredLength, state.delivered < declared { state.failed = true }
            }
            return true
        }
        if shouldResume { MHD_resume_connection(connection) }
    }

    func abandon() {
        let shouldResume = state.withLock { state in
            guard state.isFetching else { return false }
            state.isFetching = false
            state.isFinished = true
            state.failed = true
            return true
        }
        if shouldResume { MHD_resume_connection(connection) }
    }
}

extension StreamingBody {
    /// A libmicrohttpd response that pulls from this body; it holds a reference until freed.
    func makeMHDResponse() -> OpaquePointer? {
        let size = stream.declaredLength.map(UInt64.init) ?? scout_mhd_size_unknown()
        return MHD_create_response_from_callback(
            size, 64 * 1024,
            { context, _, buffer, capacity in
                guard let context, let buffer else { return scout_mhd_reader_end_with_error() }
                let body = Unmanaged<StreamingBody>.fromOpaque(context).takeUnretainedValue()
                return body.read(into: buffer, capacity: capacity)
            },
            Unmanaged.passRetained(self).toOpaque(),
            { context in
                guard let context else { return }
                Unmanaged<StreamingBody>.fromOpaque(context).release()
            })
    }
}

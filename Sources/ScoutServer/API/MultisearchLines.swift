import ScoutModels
import Synchronization

/// The lines of one `/api/v1/multisearch` reply, in the order its sources answer: each
/// source's line exactly once, then — when the deadline comes first — a timeout line for each
/// source still out, and the end. The server's stream takes them in batches (``next()``).
///
/// Which line a source gets is decided here, under one lock, so a source answering just as the
/// deadline passes gets its answer or its timeout line, never both and never neither.
///
/// ```swift
/// let lines = MultisearchLines(sources: [.wikipedia, .commons])
/// lines.answer(.wikipedia, with: wikipediaLine)
/// lines.expire { source in timeoutLine(source) }  // commons' timeout line, then the end
/// await lines.next()  // both lines
/// await lines.next()  // nil
/// ```
final class MultisearchLines: Sendable {
    private struct State {
        /// The sources without a line yet, in the order asked.
        var unanswered: [SourceID]
        /// Bytes written since the reader last took them.
        var pending: [UInt8] = []
        var isFinished = false
        /// The reader waiting for bytes, when there is one (the server fetches one chunk at a time).
        var reader: CheckedContinuation<[UInt8]?, Never>?

        /// The reader to resume and what to give it, when there is a reader and something to give.
        mutating func wakeReader() -> (CheckedContinuation<[UInt8]?, Never>, [UInt8]?)? {
            guard let reader, !pending.isEmpty || isFinished else { return nil }
            self.reader = nil
            return (reader, takePending())
        }

        /// The pending bytes, or nil when there are none and never will be.
        mutating func takePending() -> [UInt8]? {
            guard pending.isEmpty else {
                defer { pending = [] }
                return pending
            }
            return isFinished ? nil : []
        }
    }

    private let state: Mutex<State>

    /// Lines for `sources`, each expected once.
    init(sources: [SourceID]) {
        state = Mutex(State(unanswered: sources, isFinished: sources.isEmpty))
    }

    /// Whether every source has its line (an answer or a timeout).
    var isFinished: Bool { state.withLock { $0.isFinished } }

    /// Writes `line` as `source`'s, unless the source already has one (its timeout line); the
    /// last source's line ends the stream.
    func answer(_ source: SourceID, with line: [UInt8]) {
        let wake = state.withLock { state -> (CheckedContinuation<[UInt8]?, Never>, [UInt8]?)? in
            guard let index = state.unanswered.firstIndex(of: source) else { return nil }
            state.unanswered.remove(at: index)
            state.pending += line
            state.isFinished = state.unanswered.isEmpty
            return state.wakeReader()
        }
        if let (reader, bytes) = wake { reader.resume(returning: bytes) }
    }

    /// The deadline: `timeoutLine`'s line for every source still out, in the order asked, then the end.
    func expire(_ timeoutLine: (SourceID) -> [UInt8]) {
        let wake = state.withLock { state -> (CheckedContinuation<[UInt8]?, Never>, [UInt8]?)? in
            guard !state.isFinished else { return nil }
            for source in state.unanswered { state.pending += timeoutLine(source) }
            state.unanswered = []
            state.isFinished = true
            return state.wakeReader()
        }
        if let (reader, bytes) = wake { reader.resume(returning: bytes) }
    }

    /// Every line written since the last call, waiting for one if there is none yet; nil at the
    /// end, and when the waiting task is cancelled (the server shutting down).
    func next() async -> [UInt8]? {
        enum Step {
            case give([UInt8]?)
            case wait(superseded: CheckedContinuation<[UInt8]?, Never>?)
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[UInt8]?, Never>) in
                let step = state.withLock { state -> Step in
                    if Task.isCancelled { return .give(nil) }
                    guard let bytes = state.takePending() else { return .give(nil) }
                    if !bytes.isEmpty { return .give(bytes) }
                    // The server fetches one chunk at a time; were there a second reader, the
                    // first would get the end rather than wait for ever.
                    defer { state.reader = continuation }
                    return .wait(superseded: state.reader)
                }
                switch step {
                case .give(let bytes): continuation.resume(returning: bytes)
                case .wait(let superseded): superseded?.resume(returning: nil)
                }
            }
        } onCancel: {
            let reader = state.withLock { state in
                defer { state.reader = nil }
                return state.reader
            }
            reader?.resume(returning: nil)
        }
    }
}

import Dispatch
import Foundation
import Synchronization

/// Something the app reacts to besides a search result: a key, or a new window size.
public enum TerminalEvent: Sendable, Hashable {
    case key(Key)
    case resize
}

/// Reads standard input on a thread of its own — so a blocking `read` never holds up the main
/// actor — decodes keys, and merges them with SIGWINCH into one stream.
///
/// A pending Esc is flushed as the Escape key when no byte follows within ``escapeTimeout``
/// (Alt+key and escape sequences arrive in one burst, a human's next key does not).
///
/// ```swift
/// let events = TerminalEvents()
/// defer { events.stop() }
/// for await event in events.stream { … }
/// ```
public final class TerminalEvents: Sendable {
    /// How long a lone Esc waits for the rest of a sequence.
    public static let escapeTimeout: Int32 = 30  // milliseconds

    /// Keys and resizes, in the order they happened.
    public let stream: AsyncStream<TerminalEvent>
    private let continuation: AsyncStream<TerminalEvent>.Continuation
    private let isStopped = Atomic<Bool>(false)
    /// Behind a lock only to be `Sendable`: dispatch sources are thread-safe but not marked so.
    private let resizeSource: Mutex<(any DispatchSourceSignal)?>

    /// Starts reading standard input and watching for resizes.
    public init(descriptor: Int32 = STDIN_FILENO) {
        (stream, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        signal(SIGWINCH, SIG_IGN)  // delivered through the dispatch source instead
        let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        source.setEventHandler { [continuation] in continuation.yield(.resize) }
        source.resume()
        resizeSource = Mutex(source)
        let thread = Thread { [self] in readLoop(descriptor: descriptor) }
        thread.name = "scout.tui.input"
        thread.start()
    }

    /// Stops reading (within one poll interval) and ends the stream.
    public func stop() {
        guard !isStopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        resizeSource.withLock { $0?.cancel() }
        continuation.finish()
    }

    private func readLoop(descriptor: Int32) {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !isStopped.load(ordering: .acquiring) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, decoder.hasPending ? Self.escapeTimeout : 100)
            if ready == 0 {
                deliver(decoder.flush())
                continue
            }
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            // End of input (the terminal went away): quit as Ctrl-C would.
            guard count > 0 else {
                if poller.revents & Int16(POLLHUP | POLLERR) != 0 || count == 0 { deliver([.control("c")]) }
                break
            }
            deliver(decoder.feed(Array(buffer[0..<count])))
        }
    }

    private func deliver(_ keys: [Key]) {
        for key in keys { continuation.yield(.key(key)) }
    }
}

import Foundation
import Synchronization

/// Reads a pipe on its own thread until end of file, so a chatty process never blocks on a
/// full pipe, and keeps what it read.
final class OutputCollector: Sendable {
    private let data = Mutex(Data())
    private let finished = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                data.withLock { $0.append(chunk) }
            }
            finished.signal()
        }
        thread.start()
    }

    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Blocks until the pipe reached end of file (bounded, in case a child kept it open).
    func waitForEnd() {
        if finished.wait(timeout: .now() + 5) == .success { finished.signal() }
    }
}

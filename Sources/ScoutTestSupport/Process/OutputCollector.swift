import Foundation
import Synchronization

/// Reads a pipe on its own thread until end of file, so a chatty process never blocks on a
/// full pipe, and keeps what it read.
final class OutputCollector: Sendable {
    private let data = Mutex(Data())
    private let isFinished = Mutex(false)

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                data.withLock { $0.append(chunk) }
            }
            isFinished.withLock { $0 = true }
        }
        thread.start()
    }

    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Waits until the pipe reached end of file (at most 5 s, in case a child kept it open),
    /// without blocking a thread of the cooperative pool.
    func waitForEnd() async {
        let deadline = ContinuousClock.now + .seconds(5)
        while !isFinished.withLock({ $0 }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}

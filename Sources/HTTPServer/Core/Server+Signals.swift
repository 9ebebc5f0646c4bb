import Dispatch
import Foundation

extension Server {
    /// Serves until one of `signals` arrives, then shuts down gracefully; returns the signal.
    ///
    /// ```swift
    /// try server.start()
    /// let signal = await server.serveUntilSignalled()
    /// ```
    public func serveUntilSignalled(_ signals: [Int32] = [SIGINT, SIGTERM]) async -> Int32 {
        let received = await Self.waitForSignal(signals)
        await shutdown()
        return received
    }

    /// Waits for the first of `signals`, which are ignored by default handling meanwhile so they
    /// do not kill the process.
    static func waitForSignal(_ signals: [Int32]) async -> Int32 {
        await withCheckedContinuation { continuation in
            let queue = DispatchQueue(label: "scout.signals")
            let once = SignalOnce(continuation, signals: signals)
            queue.sync {
                for number in signals {
                    signal(number, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                    source.setEventHandler { once.fire(number) }
                    source.resume()
                    once.keep(source)
                }
            }
        }
    }
}

/// Resumes a continuation for the first signal only; after it, a second signal acts as usual
/// (a second Ctrl-C ends the process at once).
/// `@unchecked Sendable`: used only on the one serial signal queue.
private final class SignalOnce: @unchecked Sendable {
    private var continuation: CheckedContinuation<Int32, Never>?
    private var sources: [any DispatchSourceSignal] = []
    private let signals: [Int32]

    init(_ continuation: CheckedContinuation<Int32, Never>, signals: [Int32]) {
        self.continuation = continuation
        self.signals = signals
    }

    func keep(_ source: any DispatchSourceSignal) { sources.append(source) }

    func fire(_ number: Int32) {
        guard let continuation else { return }
        self.continuation = nil
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
        continuation.resume(returning: number)
    }
}

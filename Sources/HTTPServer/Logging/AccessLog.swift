import Foundation
import Redaction
import Synchronization

/// One line per request — the time it ended (RFC 3339, UTC), method, path with secret query
/// values redacted as every URL Scout prints is (``URLRedaction``), status, bytes, duration,
/// peer — buffered and written in batches so logging does not cost a syscall per request.
///
/// ```
/// 2026-12-03T17:56:46.123Z GET /api/v1/search?q=cats&api_key=*** 200 1832B 3.1ms 127.0.0.1
/// ```
public final class AccessLog: Sendable {
    private let fileDescriptor: Int32
    private let timestamp: LogTimestamp
    private let buffer = Mutex<[UInt8]>([])
    private let flushThreshold = 16 * 1024
    // Only created, resumed and cancelled; Dispatch sources are thread-safe for that.
    nonisolated(unsafe) private let timer: any DispatchSourceTimer

    /// Writes to standard error.
    public static var standardError: AccessLog { AccessLog(fileDescriptor: 2) }

    /// Writes to `fileDescriptor`, which must stay open as long as the log lives.
    ///
    /// - Parameters:
    ///   - clock: times the lines: each is stamped `start` plus the time `clock` has run since
    ///     the log was made (a `ManualClock` and a fixed date in tests).
    ///   - start: the wall time when the log is made; the system's time by default.
    public init(
        fileDescriptor: Int32, clock: any Clock<Duration> = ContinuousClock(), startingAt start: Date = Date()
    ) {
        self.fileDescriptor = fileDescriptor
        self.timestamp = LogTimestamp(clock: clock, startingAt: start)
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(200), repeating: .milliseconds(200))
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.resume()
    }

    deinit {
        timer.cancel()
        flush()
    }

    /// Records one finished request.
    public func record(
        method: String, target: String, status: Int, bytes: Int, duration: Duration,
        remote: SocketAddress?, note: String? = nil
    ) {
        let milliseconds =
            Double(duration.components.attoseconds) / 1e15
            + Double(duration.components.seconds) * 1000
        var line = "\(timestamp.now()) \(method) \(Self.capped(redact(target))) \(status) \(bytes)B "
        line += String(format: "%.1fms", milliseconds)
        if let remote { line += " \(remote.host)" }
        if let note { line += " \(note)" }
        line += "\n"
        let shouldFlush = buffer.withLock { pending in
            pending.append(contentsOf: line.utf8)
            return pending.count >= flushThreshold
        }
        if shouldFlush { flush() }
    }

    /// Writes everything recorded so far.
    public func flush() {
        let pending = buffer.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        pending.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// The most bytes of a request target one line holds. A longer one (a 20 KB path) is cut,
    /// saying how much was left out, so no request can make the log write more than about 2 KiB.
    public static let maximumTargetBytes = 2048

    /// `target` cut to ``maximumTargetBytes`` on a character boundary, with `…(+N bytes)` after
    /// the cut. Applied after redaction, so a cut never leaves part of a secret value behind.
    static func capped(_ target: String) -> String {
        let size = target.utf8.count
        guard size > maximumTargetBytes else { return target }
        var kept = 0
        var end = target.startIndex
        for index in target.unicodeScalars.indices {
            let width = target.unicodeScalars[index].utf8.count
            guard kept + width <= maximumTargetBytes else { break }
            kept += width
            end = target.unicodeScalars.index(after: index)
        }
        return String(target.unicodeScalars[..<end]) + "…(+\(size - kept) bytes)"
    }

    /// The target with the values of secret-named query parameters (``URLRedaction/isSecretName(_:)``)
    /// replaced by ``URLRedaction/mask``, and
    /// control characters escaped so a crafted URL cannot forge log lines.
    func redact(_ target: String) -> String {
        let escaped = String(
            target.unicodeScalars.flatMap { scalar -> [Character] in
                scalar.value < 0x20 || scalar.value == 0x7F
                    ? Array(String(format: "\\x%02X", scalar.value)) : [Character(scalar)]
            })
        return URLRedaction.redactedTarget(escaped)
    }
}

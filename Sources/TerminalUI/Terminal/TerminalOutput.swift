import Foundation
import Synchronization

/// Where frames go: a file descriptor (the terminal) or, in tests and benchmarks, memory.
///
/// ```swift
/// let sink = TerminalOutput.memory()
/// sink.write("\u{1B}[H")
/// sink.bytesWritten   // 3
/// ```
public final class TerminalOutput: Sendable {
    private let descriptor: Int32?
    private let keepsText: Bool
    private let captured: Mutex<Captured>

    private struct Captured {
        var text = ""
        var bytes = 0
        var writes = 0
    }

    private init(descriptor: Int32?, keepsText: Bool = false) {
        self.descriptor = descriptor
        self.keepsText = keepsText
        captured = Mutex(Captured())
    }

    /// Standard output.
    public static let standard = TerminalOutput(descriptor: STDOUT_FILENO)

    /// A sink that counts what it is given and, when `keepsText`, keeps it — for tests and
    /// benchmarks.
    public static func memory(keepsText: Bool = true) -> TerminalOutput {
        TerminalOutput(descriptor: nil, keepsText: keepsText)
    }

    /// Writes `text` whole (one `write` call unless the kernel takes it in parts).
    public func write(_ text: String) {
        guard !text.isEmpty else { return }
        captured.withLock { captured in
            captured.bytes += text.utf8.count
            captured.writes += 1
            if keepsText { captured.text += text }
        }
        guard let descriptor else { return }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Everything a memory sink was given.
    public var text: String { captured.withLock { $0.text } }
    /// Bytes given so far.
    public var bytesWritten: Int { captured.withLock { $0.bytes } }
    /// Calls to ``write(_:)`` so far (one per frame).
    public var writeCount: Int { captured.withLock { $0.writes } }
}

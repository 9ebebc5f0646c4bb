import Foundation

/// The terminal while the app owns it: raw input (no echo, no line buffering, no signals from
/// Ctrl-C), the alternate screen, a hidden cursor — and the way back on every exit path.
///
/// ```swift
/// let session = try TerminalSession.enter()
/// defer { session.leave() }
/// ```
public struct TerminalSession: Sendable {
    /// Whether standard input and standard output are both terminals.
    ///
    /// ```swift
    /// guard TerminalSession.isInteractive else { return fallback() }
    /// ```
    public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Switches the terminal to raw mode and the alternate screen; throws when standard input
    /// is not a terminal.
    public static func enter() throws(TerminalError) -> TerminalSession {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw TerminalError.notATerminal }
        TerminalRestorer.arm(original: original, descriptor: STDOUT_FILENO)
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        // c_cc is a tuple in Swift: set VMIN and VTIME through its bytes. Reads return what is
        // there after at most 0.1 s, so the reader thread can notice that it should stop.
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 1
        }
        // TCSADRAIN, not TCSAFLUSH: keys typed while the app starts are kept, not dropped.
        guard tcsetattr(STDIN_FILENO, TCSADRAIN, &raw) == 0 else {
            TerminalRestorer.restore()
            throw TerminalError.notATerminal
        }
        TerminalOutput.standard.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
        return TerminalSession()
    }

    /// Restores the terminal; safe to call more than once.
    public func leave() { TerminalRestorer.restore() }
}

/// Why the terminal could not be used.
public enum TerminalError: Error, CustomStringConvertible {
    case notATerminal

    public var description: String { "scout tui needs a terminal; use scout search" }
}

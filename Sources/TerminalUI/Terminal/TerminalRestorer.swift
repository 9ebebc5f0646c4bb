import Foundation

/// Puts the terminal back the way it was — cooked mode, main screen, visible cursor — on every
/// way out: ``TerminalSession/leave()``, `exit` (an `atexit` handler), and SIGINT, SIGTERM,
/// SIGHUP or SIGQUIT (a handler that restores, then re-raises the signal with its default action).
///
/// Signal handlers cannot capture context, so the saved `termios` lives in process globals
/// written once before raw mode starts; the handler uses only async-signal-safe calls
/// (`tcsetattr`, `write`, `signal`, `raise`).
enum TerminalRestorer {
    /// The signals whose default action ends the process and so must restore first.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Saves `original` and installs the handlers (once per process).
    static func arm(original: termios, descriptor: Int32) {
        restorerState.original = original
        restorerState.descriptor = descriptor
        restorerState.isArmed = 1
        guard restorerState.isInstalled == 0 else { return }
        restorerState.isInstalled = 1
        atexit { restoreTerminal() }
        for number in signals {
            signal(number) { number in
                restoreTerminal()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    /// Restores now (idempotent) and disarms, so later exits and signals do nothing more.
    static func restore() { restoreTerminal() }
}

/// Process globals the signal handler reads; written only before raw mode starts and by the
/// restorer itself. `nonisolated(unsafe)`: a signal handler cannot take a lock.
private struct RestorerState {
    var original = termios()
    var descriptor: Int32 = 1
    var isArmed: sig_atomic_t = 0
    var isInstalled: sig_atomic_t = 0
}

nonisolated(unsafe) private var restorerState = RestorerState()

/// Leaves the alternate screen, shows the cursor, resets colours, deletes kitty images, and
/// restores the saved mode. A `StaticString` so the bytes are constant data: no allocation in a
/// signal handler.
private let restoreSequence: StaticString = "\u{1B}_Ga=d\u{1B}\\\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

private func restoreTerminal() {
    guard restorerState.isArmed != 0 else { return }
    restorerState.isArmed = 0
    _ = write(restorerState.descriptor, restoreSequence.utf8Start, restoreSequence.utf8CodeUnitCount)
    var original = restorerState.original
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
}

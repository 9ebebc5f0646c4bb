import Foundation

/// The terminal's size in character cells.
///
/// ```swift
/// let size = WindowSize.current() ?? WindowSize(rows: 24, columns: 80)
/// ```
public struct WindowSize: Sendable, Hashable {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    /// The size of the terminal on standard output (`TIOCGWINSZ`), or nil when it has none.
    public static func current() -> WindowSize? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return WindowSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }
}

import BookCatalog
import Foundation
import Synchronization

/// Draws an import's (or an export's) progress on a terminal: one line redrawn in place, at most ten times a
/// second, with the percentage, rows per second and time left.
///
/// ```
/// books.csv     [##########··········]  50%   5,000 rows  12,345 rows/s  ETA 0:01
/// ```
///
/// The `lines` style prints one line per committed batch instead, for logs: each line is a
/// promise that those rows are on disk.
final class ProgressBar: Sendable {
    /// How progress shows.
    enum Style: String, Equatable {
        /// One line redrawn in place (terminals).
        case bar
        /// `books.csv: 2000 rows committed` after every batch (logs).
        case lines
        /// Nothing until the summary.
        case none
    }

    private let style: Style
    /// What the `lines` style says of the rows: `committed` (an import's batches are on disk),
    /// `written` (an export's lines).
    private let done: String
    /// When the line was last drawn, as time since the bar was made.
    private let lastDraw = Mutex<Duration?>(nil)
    /// The `lines` style's last line: a phase's closing report, which repeats its last batch's
    /// count, is not printed twice.
    private let lastLine = Mutex<String?>(nil)
    /// Time since the bar was made, on its clock.
    private let elapsed: @Sendable () -> Duration

    init(style: Style, clock: any Clock<Duration>, done: String = "committed") {
        self.style = style
        self.done = done
        elapsed = Self.elapsed(on: clock)
    }

    private static func elapsed(on clock: some Clock<Duration>) -> @Sendable () -> Duration {
        let origin = clock.now
        return { origin.duration(to: clock.now) }
    }

    /// Shows `progress` (a progress handler for importers).
    func show(_ progress: ImportProgress) {
        if style == .lines {
            let line = "\(progress.phase): \(progress.records) rows \(done)\n"
            let isNew = lastLine.withLock { last in
                defer { last = line }
                return last != line
            }
            if isNew { FileHandle.standardError.write(Data(line.utf8)) }
        }
        guard style == .bar else { return }
        let now = elapsed()
        let due = lastDraw.withLock { last in
            guard progress.isFinished || last.map({ now - $0 >= .milliseconds(100) }) ?? true else {
                return false
            }
            last = now
            return true
        }
        guard due else { return }
        let line = Self.line(for: progress)
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line + (progress.isFinished ? "\n" : "")).utf8))
    }

    /// The line for `progress`, 80 columns at most for names up to 13 characters.
    static func line(for progress: ImportProgress, width: Int = 20) -> String {
        let fraction = progress.fraction ?? 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled)
        let seconds = max(
            Double(progress.elapsed.components.seconds) + Double(progress.elapsed.components.attoseconds) / 1e18, 0.001)
        let rate = Double(progress.records) / seconds
        var parts = [
            progress.phase.padding(toLength: max(13, progress.phase.count), withPad: " ", startingAt: 0),
            "[\(bar)]", String(format: "%3d%%", Int(fraction * 100)), "\(grouped(progress.records)) rows",
            "\(grouped(Int(rate))) rows/s",
        ]
        if !progress.isFinished, fraction > 0.001 {
            parts.append("ETA " + clock(seconds * (1 - fraction) / fraction))
        }
        return parts.joined(separator: "  ")
    }

    /// `12345` → `12,345`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// `75.2` seconds → `1:15`.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}

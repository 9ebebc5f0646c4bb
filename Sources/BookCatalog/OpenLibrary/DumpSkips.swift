/// The bad lines of an import, by file and line, as ``SkippedRow``s — the first ``maxListed``
/// of them; the rest are counted and summed up in one last row, so a dump of a million bad
/// lines costs a thousand rows of memory, not a million. A class, so the passes of one import
/// and the records ``ImportRun`` consumes share it; used on one task only.
final class DumpSkips {
    /// The most bad lines listed one by one.
    static let maxListed = 1_000

    private(set) var rows: [SkippedRow] = []
    private(set) var unlisted = 0

    /// Notes that `line` of `file` was skipped for `reason`; returns the row when it is listed.
    @discardableResult
    func add(file: String, line: Int, reason: String) -> SkippedRow? {
        guard rows.count < Self.maxListed else {
            unlisted += 1
            return nil
        }
        let row = SkippedRow(line: line, reason: reason, file: file)
        rows.append(row)
        return row
    }

    /// The listed rows in the order of `files` and then by line, then one saying how many more
    /// there were, if any.
    func all(in files: [String]) -> [SkippedRow] {
        let order = Dictionary(files.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let sorted = rows.sorted {
            (order[$0.file ?? ""] ?? 0, $0.line) < (order[$1.file ?? ""] ?? 0, $1.line)
        }
        guard unlisted > 0, let last = sorted.last else { return sorted }
        return sorted + [
            SkippedRow(
                line: last.line,
                reason: "\(unlisted) more bad lines after this one were skipped and are not listed.",
                file: last.file)
        ]
    }
}

import BookCatalog
import Foundation

/// import-scale's fair reference (issue #37): the issue's goal weighs Scout's import against
/// tantivy building an in-memory index of four fields, while Scout matches every book against
/// the catalog, upserts with a durable checkpoint and keeps keys, tags, ratings and a durable
/// full-text index. So beside that goal each store's own bulk loader — what a user would
/// otherwise pick — loads the same JSON lines into Scout's own schema, in the same run, until
/// a full-text search finds the file's last book: the `sqlite3` shell (``SQLiteShellLoad``) and
/// `psql`'s `\copy` (``PostgresCopyLoad``). Neither matches books nor keeps a checkpoint: the
/// reference is a floor, not Scout's work done another way.
struct BulkLoaderReference {
    /// The table's runner name: `"sqlite3 .import (SQLite)"`.
    let name: String
    /// The store it stands beside: its results go under that store's goal line.
    let store: String
    let loaded: Duration
    /// CPU time of the loader's process (the shell; for `psql`, only the client's: the server
    /// does the work and is no child of this process), or nil when it cannot be read.
    let loaderCPU: Duration?

    /// The proposed goal's factor: Scout's import until searchable within 1.5× the loader's.
    static let proposedFactor = 1.5

    /// Runs `script` through `loader` (its arguments end with the script's path) and times it,
    /// with the CPU time its process used; fails unless `check` finds `count` books and the
    /// probe in the printed answer.
    static func measure(
        name: String, store: String, loader: String, arguments: [String], clock: ContinuousClock,
        check: (String) -> String?
    ) throws -> BulkLoaderReference {
        let childCPU = PeakMemory.childrenCPUTime()
        var output = ""
        let loaded = try clock.measure { output = try Command.run(loader, arguments) }
        if let problem = check(output) {
            throw BenchmarkFailure("\(name): \(problem); it printed: \(output.suffix(500))")
        }
        return BulkLoaderReference(
            name: name, store: store, loaded: loaded, loaderCPU: PeakMemory.childrenCPUTime() - childCPU)
    }

    /// Reads the loader's two last printed numbers, the books stored and the full-text matches
    /// of the probe's title; a sentence when they are not `count` and at least 1.
    static func countsProblem(_ output: String, count: Int) -> String? {
        let numbers = printedNumbers(output)
        guard numbers.count >= 2 else { return "it did not print the books stored and the probe's matches" }
        let (books, matches) = (numbers[numbers.count - 2], numbers[numbers.count - 1])
        if books != count { return "it stored \(books) books of \(count)" }
        if matches < 1 { return "its full-text index did not find the last book's title" }
        return nil
    }

    /// The lines of a loader's `output` that are whole numbers (its counts), in order.
    static func printedNumbers(_ output: String) -> [Int] {
        output.split(whereSeparator: \.isNewline).compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// `text` as an SQL string literal.
    static func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    /// The words of `title` (letters and digits), for a full-text query both loaders' parsers take.
    static func words(of title: String) -> [String] {
        title.split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { !$0.isEmpty }
    }

    /// A goal line proposed beside the issue's: Scout's `what` (`scout`) within `factor`× this
    /// loader's time at the same task (`task`, words after "bulk loader", or none).
    func proposedGoal(_ what: String, scout: Duration, factor: Double, task: String = "") -> String {
        let limit = loaded * factor
        return "\(store) \(what): \(scout.seconds) (PROPOSED goal ≤ \(String(format: "%g", factor))× the store's own "
            + "bulk loader\(task), \(name) \(loaded.seconds) → \(limit.seconds): \(scout <= limit ? "met" : "NOT met"))"
    }
}

import BookCatalog
import Foundation

extension GeneratedCatalog {
    /// Writes `count` generated books to a new file at `url` as Scout's JSON Lines (what
    /// `scout books import jsonl` reads), one batch at a time so that even ten million books never
    /// sit in memory at once; `body` sees each batch once it is written.
    static func writeJSONLines(
        count: Int, seed: UInt64, shape: Shape = .classic, to url: URL, _ body: ([Book]) throws -> Void = { _ in }
    ) async throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchmarkFailure(
                "could not create \(url.path); check the free space in \(url.deletingLastPathComponent().path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try await generate(count: count, seed: seed, shape: shape) { books in
            var lines = Data()
            for book in books {
                lines.append(try encoder.encode(book))
                lines.append(UInt8(ascii: "\n"))
            }
            try handle.write(contentsOf: lines)
            try body(books)
        }
    }
}

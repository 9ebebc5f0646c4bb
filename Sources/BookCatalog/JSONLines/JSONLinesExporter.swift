import Foundation

/// Writes every book of a ``BookStore`` in Scout's JSON Lines format: one JSON object per line,
/// the ``Book`` shape without ``Book/id``, keys sorted, absent optionals left out.
///
/// ``JSONLinesImporter`` reads the output back; exporting an unchanged store twice gives the
/// same bytes.
///
/// ```swift
/// let count = try await JSONLinesExporter(store: store).export(to: URL(fileURLWithPath: "books.jsonl"))
/// ```
public struct JSONLinesExporter: Sendable {
    /// The store the books come from.
    public let store: any BookStore

    /// Makes an exporter: `JSONLinesExporter(store: store)`.
    public init(store: any BookStore) {
        self.store = store
    }

    /// Every book of the store as JSON Lines, in store id order, each line ending in `\n`.
    ///
    /// ```swift
    /// let text = String(decoding: try await exporter.data(), as: UTF8.self)
    /// ```
    public func data() async throws -> Data {
        let encoder = JSONLinesRecord.encoder
        var data = Data()
        for book in try await store.allBooks() {
            data.append(try encoder.encode(JSONLinesRecord(book)))
            data.append(UInt8(ascii: "\n"))
        }
        return data
    }

    /// Writes every book to `url` atomically: the lines go to a temporary file in the same
    /// folder that is then renamed over `url`, so readers see the old file or the new one, never
    /// part of one. Returns how many books were written. Throws
    /// ``BookCatalogError/unwritableFile(path:reason:)`` and the store's errors.
    ///
    /// ```swift
    /// let count = try await exporter.export(to: URL(fileURLWithPath: "books.jsonl"))
    /// ```
    @discardableResult
    public func export(to url: URL) async throws -> Int {
        let data = try await data()
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw BookCatalogError.unwritableFile(path: url.path, reason: error.localizedDescription)
        }
        return data.count { $0 == UInt8(ascii: "\n") }
    }
}

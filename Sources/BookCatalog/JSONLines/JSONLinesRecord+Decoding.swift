import Foundation

extension JSONLinesRecord {
    /// What one line decodes to: a book, or why the line is skipped.
    typealias Outcome = ImportRow

    /// The book on `line` (line number `number`), or why it is skipped: not a JSON object, a
    /// required field (`source`, `sourceID`, `title`) missing or empty, a key longer than its
    /// ``FieldLimits``, or a field of the wrong type. Reasons name the field, never quote the line.
    ///
    /// ```swift
    /// JSONLinesRecord.decode(Data(#"{"title":"Dune"}"#.utf8), line: 3)
    /// // .skipped(SkippedRow(line: 3, reason: "The field sourceID is missing."))
    /// ```
    static func decode(_ line: Data, line number: Int, decoder: JSONDecoder = JSONDecoder()) -> Outcome {
        rows(of: line, line: number, decoder: decoder)[0]
    }

    /// Every row `line` restores: a book and its other keys (``BookAlias``), or a reading, link
    /// or relation (``JSONLinesBackupLine``), or why the line is skipped. Read in one pass
    /// (``read(_:)``) when the line is plain, else by `decoder` as before.
    static func rows(of line: Data, line number: Int, decoder: JSONDecoder = JSONDecoder()) -> [Outcome] {
        line.withUnsafeBytes { rows(of: $0.bindMemory(to: UInt8.self), line: number, decoder: decoder) }
    }

    /// ``rows(of:line:decoder:)`` for bytes, which are copied only for the decoder.
    static func rows(of line: UnsafeBufferPointer<UInt8>, line number: Int, decoder: JSONDecoder) -> [Outcome] {
        if let record = read(line) { return rows(of: record, line: number) }
        return decodedRows(of: Data(buffer: line), line: number, decoder: decoder)
    }

    /// The rows as `JSONDecoder` reads them: for the lines ``read(_:)`` declines, and the oracle
    /// the reader is tested against.
    static func decodedRows(of line: Data, line number: Int, decoder: JSONDecoder = JSONDecoder()) -> [Outcome] {
        func skip(_ reason: String) -> [Outcome] { [.skipped(SkippedRow(line: number, reason: reason))] }
        if JSONLinesBackupLine.markers.contains(where: { line.range(of: $0) != nil }) {
            do {
                if let row = try decoder.decode(JSONLinesBackupLine.self, from: line).row { return [row] }
            } catch let error as DecodingError {
                return skip(reason(for: error))
            } catch {
                return skip("The line is not valid JSON.")
            }
        }
        let record: JSONLinesRecord
        do {
            record = try decoder.decode(JSONLinesRecord.self, from: line)
        } catch let error as DecodingError {
            return skip(reason(for: error))
        } catch {
            return skip("The line is not valid JSON.")
        }
        return rows(of: record, line: number)
    }

    /// The book `record` describes and its other keys, or why it is skipped: a required field
    /// empty, or a key too long.
    private static func rows(of record: JSONLinesRecord, line number: Int) -> [Outcome] {
        func skip(_ reason: String) -> [Outcome] { [.skipped(SkippedRow(line: number, reason: reason))] }
        let book = record.book
        for (name, value) in [("source", book.source), ("sourceID", book.sourceID), ("title", book.title)]
        where value.trimmingWhitespace().isEmpty {
            return skip("The field \(name) is empty.")
        }
        // The natural key is never cut, which could make two books one: a key too long is refused.
        for (name, value, limit) in [
            ("source", book.source, FieldLimits.source), ("sourceID", book.sourceID, FieldLimits.sourceID),
        ]
        where value.utf8.count > limit.bytes {
            return skip("The field \(name) is longer than \(limit.bytes) bytes.")
        }
        guard let keys = record.keys, !keys.isEmpty else { return [.book(book)] }
        let own = BookKey(book)
        return [.book(book)] + keys.filter { $0 != own }.map { .alias(BookAlias(book: own, alias: $0)) }
    }

    private static func reason(for error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _):
            return "The field \(key.stringValue) is missing."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            guard let field = context.codingPath.first?.stringValue else { return "The line is not a JSON object." }
            return "The field \(field) has the wrong type."
        case .dataCorrupted(let context):
            guard let field = context.codingPath.first?.stringValue else { return "The line is not valid JSON." }
            return "The field \(field) is not valid."
        @unknown default:
            return "The line is not a valid book."
        }
    }
}

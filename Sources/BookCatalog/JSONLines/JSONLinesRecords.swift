import Foundation

/// The lines of a JSON Lines file as import records: split on LF with a trailing CR and a leading
/// UTF-8 byte order mark removed; blank lines are skipped but keep the numbering.
struct JSONLinesRecords: ImportRecords {
    private let data: Data
    private let decoder = JSONDecoder()
    private var position: Data.Index
    private var line = 0

    init(data: Data) {
        self.data = data
        position = data.startIndex
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { position += 3 }
    }

    var bytesRead: Int { position - data.startIndex }
    var totalBytes: Int { data.count }

    mutating func next() throws -> [ImportRow]? {
        while position < data.endIndex {
            let end = data[position...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            var content = data[position..<end]
            position = min(end + 1, data.endIndex)
            line += 1
            if content.last == UInt8(ascii: "\r") { content = content.dropLast() }
            if content.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            return JSONLinesRecord.rows(of: Data(content), line: line, decoder: decoder)
        }
        return nil
    }
}

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
        // The bytes are read in place (a file is mapped); only a line the reader declines is copied.
        let (data, decoder) = (self.data, self.decoder)
        var (offset, line) = (position - data.startIndex, self.line)
        defer { (position, self.line) = (data.startIndex + offset, line) }
        return data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            while offset < bytes.count, let base = bytes.baseAddress {
                let end =
                    memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset).map {
                        UnsafeRawPointer($0) - UnsafeRawPointer(base)
                    } ?? bytes.count
                var content = UnsafeBufferPointer(rebasing: bytes[offset..<end])
                offset = min(end + 1, bytes.count)
                line += 1
                if content.last == UInt8(ascii: "\r") { content = UnsafeBufferPointer(rebasing: content.dropLast()) }
                if content.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
                return JSONLinesRecord.rows(of: content, line: line, decoder: decoder)
            }
            return nil
        }
    }
}

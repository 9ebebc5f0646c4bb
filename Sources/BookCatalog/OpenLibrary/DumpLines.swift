import Foundation

/// One line of a dump file: its 1-based number and its bytes (without the line break), or only
/// its length when it was longer than the reader's cap.
struct DumpLine {
    /// The 1-based line number in its file.
    let number: Int
    /// The line's bytes; `nil` for a line past the cap, which was skipped unread.
    let bytes: [UInt8]?
    /// The line's length in bytes (counted even when it was skipped).
    let length: Int
}

/// The lines of a ``DumpFile``, split on LF (a CR before it dropped), each at most `maxBytes`
/// long: a longer line is reported by number and length and skipped as it streams past — it is
/// never held whole, so one hostile line costs at most `maxBytes` of memory.
///
/// ```swift
/// var lines = try DumpLines(file: DumpFile(url: url), maxBytes: 1 << 20)
/// while let line = try lines.next() { … }
/// ```
struct DumpLines {
    let file: DumpFile
    let maxBytes: Int
    private var chunk: [UInt8] = []
    private var position = 0
    private var number = 0

    init(file: DumpFile, maxBytes: Int) {
        self.file = file
        self.maxBytes = max(maxBytes, 1)
    }

    /// The next line, or `nil` at the end of the file.
    mutating func next() throws -> DumpLine? {
        var line: [UInt8] = []
        var length = 0
        var isTooLong = false
        while true {
            if position >= chunk.count {
                chunk.removeAll(keepingCapacity: true)
                position = 0
                guard try file.read(into: &chunk, limit: 1 << 20) else {
                    guard length > 0 else { return nil }
                    return finish(line, length: length, isTooLong: isTooLong)
                }
            }
            let end = Self.newline(in: chunk, from: position) ?? chunk.count
            let piece = end - position
            length += piece
            if !isTooLong, length > maxBytes {
                isTooLong = true
                line = []
            }
            if !isTooLong { line.append(contentsOf: chunk[position..<end]) }
            position = end
            if end < chunk.count {
                position += 1
                return finish(line, length: length, isTooLong: isTooLong)
            }
        }
    }

    private mutating func finish(_ line: [UInt8], length: Int, isTooLong: Bool) -> DumpLine {
        number += 1
        guard !isTooLong else { return DumpLine(number: number, bytes: nil, length: length) }
        let bytes = line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : line
        return DumpLine(number: number, bytes: bytes, length: length)
    }

    /// The index of the first LF in `bytes` at or after `start`.
    private static func newline(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard start < buffer.count, let base = buffer.baseAddress,
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }
}

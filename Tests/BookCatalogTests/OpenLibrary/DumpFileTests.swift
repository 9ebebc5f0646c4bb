import Foundation
import ScoutTestSupport
import Testing

@testable import BookCatalog

/// Dump files read as lines: plain or gzip (by their bytes, not their names), several gzip
/// members, a line past the cap skipped as it streams, damaged gzip refused with a sentence.
@Suite("Open Library dump files", .timeLimit(.minutes(10)))
struct DumpFileTests {
    static func lines(of bytes: [UInt8], maxBytes: Int = 1 << 20) throws -> [DumpLine] {
        try withTemporaryDirectory(prefix: "scout-dump") { directory in
            let url = directory.appending(path: "dump.txt")
            try Data(bytes).write(to: url)
            var lines = DumpLines(file: try DumpFile(url: url), maxBytes: maxBytes)
            var all: [DumpLine] = []
            while let line = try lines.next() { all.append(line) }
            return all
        }
    }

    static func texts(_ lines: [DumpLine]) -> [String?] {
        lines.map { $0.bytes.map { String(decoding: $0, as: UTF8.self) } }
    }

    @Test("plain and gzipped text give the same lines; CR before LF is dropped; a last line needs no LF")
    func plainAndGzip() throws {
        let text = Array("one\r\ntwo\n\nfour".utf8)
        #expect(Self.texts(try Self.lines(of: text)) == ["one", "two", "", "four"])
        #expect(Self.texts(try Self.lines(of: Gzip.stored(text))) == ["one", "two", "", "four"])
        #expect(try Self.lines(of: text).map(\.number) == [1, 2, 3, 4])
    }

    @Test("a gzip file of several members reads as one text, across chunk boundaries")
    func members() throws {
        let first = Array(String(repeating: "a line of the first member\n", count: 20_000).utf8)
        let second = Array(String(repeating: "a line of the second member\n", count: 20_000).utf8)
        let lines = try Self.lines(of: Gzip.stored(first) + Gzip.stored(second))
        #expect(lines.count == 40_000)
        #expect(
            Self.texts([lines[19_999], lines[20_000]]) == ["a line of the first member", "a line of the second member"])
    }

    @Test("a line past the cap is reported by number and length, and the next line is read whole")
    func tooLong() throws {
        let long = String(repeating: "x", count: 3_000_000)
        let lines = try Self.lines(of: Array("short\n\(long)\nafter\n".utf8), maxBytes: 1000)
        #expect(Self.texts(lines) == ["short", nil, "after"])
        #expect(lines[1].number == 2 && lines[1].length == 3_000_000)
    }

    @Test("a gzip file cut short or damaged is refused, saying what to do")
    func damaged() throws {
        let whole = Gzip.stored(Array(String(repeating: "text\n", count: 1000).utf8))
        #expect {
            _ = try Self.lines(of: Array(whole.dropLast(100)))
        } throws: { error in
            guard case .corruptFile(_, let reason) = error as? BookCatalogError else { return false }
            return reason == "the gzip data ends early"
                && (error as? BookCatalogError)?.description.hasSuffix(
                    "Check that its download finished, or download it again.") == true
        }
        var damaged = whole
        damaged[12] ^= 0xFF  // the first stored block's length no longer matches its complement
        #expect(throws: BookCatalogError.self) { _ = try Self.lines(of: damaged) }
        #expect(throws: BookCatalogError.self) { _ = try Self.lines(of: [0x1F, 0x8B, 0x08, 0x00]) }
    }

    @Test("a missing file is named with the system's reason")
    func missing() {
        #expect(throws: BookCatalogError.self) {
            _ = try DumpFile(url: URL(fileURLWithPath: "/nonexistent/dump.txt.gz"))
        }
    }
}

/// gzip files written by hand: deflate's stored blocks (no compression), so the tests need no
/// compressor, with the real header and CRC-32 trailer that zlib checks.
enum Gzip {
    static func stored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let isLast = offset + count == data.count
            out.append(isLast ? 1 : 0)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        return out + littleEndian(crc32(data)) + littleEndian(UInt32(truncatingIfNeeded: data.count))
    }

    static func littleEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

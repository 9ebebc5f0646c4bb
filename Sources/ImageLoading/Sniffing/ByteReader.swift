/// Bounds-checked reads from a byte buffer: every read past the end returns nil instead of
/// trapping, which is what a parser of hostile input needs.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer

    var count: Int { bytes.count }

    func u8(_ offset: Int) -> Int? {
        guard offset >= 0, offset < bytes.count else { return nil }
        return Int(bytes[offset])
    }

    func u16BE(_ offset: Int) -> Int? {
        guard let high = u8(offset), let low = u8(offset + 1) else { return nil }
        return high << 8 | low
    }

    func u16LE(_ offset: Int) -> Int? {
        guard let low = u8(offset), let high = u8(offset + 1) else { return nil }
        return high << 8 | low
    }

    func u24LE(_ offset: Int) -> Int? {
        guard let low = u16LE(offset), let high = u8(offset + 2) else { return nil }
        return high << 16 | low
    }

    func u32BE(_ offset: Int) -> Int? {
        guard let high = u16BE(offset), let low = u16BE(offset + 2) else { return nil }
        return high << 16 | low
    }

    func u32LE(_ offset: Int) -> Int? {
        guard let low = u16LE(offset), let high = u16LE(offset + 2) else { return nil }
        return high << 16 | low
    }

    /// Whether the bytes at `offset` are exactly `expected`.
    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, expected.count <= bytes.count - offset else { return false }
        for (index, byte) in expected.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    /// Whether the ASCII text `expected` is at `offset`.
    func matches(ascii expected: String, at offset: Int) -> Bool {
        matches(Array(expected.utf8), at: offset)
    }
}

extension TestImage {
    /// A grayscale PNG with a diagonal pattern, its pixels in stored (uncompressed) deflate blocks.
    public static func png(width: Int, height: Int) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((width + 1) * height)
        for row in 0..<height {
            raw.append(0)  // filter: none
            for column in 0..<width { raw.append((row + column) % 2 == 0 ? 0x20 : 0xE0) }
        }
        return pngFile(width: width, height: height, colorType: 0, idat: zlibStored(raw))
    }

    /// An 8-bit RGB PNG of `rows`: each row is its filter byte (0) then `width` RGB triples.
    ///
    /// ```swift
    /// TestImage.pngRGB(width: 1, height: 1, rows: [0, 255, 0, 0])   // one red pixel
    /// ```
    public static func pngRGB(width: Int, height: Int, rows: [UInt8]) -> [UInt8] {
        pngFile(width: width, height: height, colorType: 2, idat: zlibStored(rows))
    }

    /// An RGB PNG header declaring `width`×`height` with a few bytes of pixel data.
    static func pngBomb(width: Int, height: Int) -> [UInt8] {
        pngFile(width: width, height: height, colorType: 2, idat: zlibStored([0, 0, 0, 0, 0, 0, 0]))
    }

    private static func pngFile(width: Int, height: Int, colorType: UInt8, idat: [UInt8]) -> [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", be32(width) + be32(height) + [8, colorType, 0, 0, 0])
        file += chunk("IDAT", idat)
        file += chunk("IEND", [])
        return file
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return be32(data.count) + typeAndData + be32(Int(CRC32.checksum(typeAndData)))
    }

    /// A zlib stream of stored deflate blocks (no compression), with its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isFinal = offset + length == data.count
            stream.append(isFinal ? 1 : 0)
            stream += le16(length) + le16(~length & 0xFFFF)
            stream += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return stream + be32(Int(b << 16 | a))
    }
}

/// CRC-32 (IEEE), as PNG chunks need.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

extension TestImage {
    /// A two-color GIF with a checkerboard, LZW-coded with 3-bit codes (a clear code every two
    /// pixels keeps the code width from growing).
    public static func gif(width: Int, height: Int) -> [UInt8] {
        var codes: [Int] = []
        for index in 0..<(width * height) {
            if index % 2 == 0 { codes.append(4) }  // clear
            let (row, column) = index.quotientAndRemainder(dividingBy: max(width, 1))
            codes.append((row + column) % 2)
        }
        codes.append(5)  // end of information
        return gifFile(screen: (width, height), frame: (width, height), codes: codes)
    }

    /// A GIF whose logical screen and frame declare `width`×`height` over three codes.
    static func gifBomb(width: Int, height: Int) -> [UInt8] {
        gifFile(screen: (width, height), frame: (width, height), codes: [4, 0, 5])
    }

    private static func gifFile(screen: (Int, Int), frame: (Int, Int), codes: [Int]) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + le16(screen.0) + le16(screen.1) + [0x80, 0, 0]
        bytes += [0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF]  // global colors: black, white
        bytes += [0x2C] + le16(0) + le16(0) + le16(frame.0) + le16(frame.1) + [0x00]
        bytes.append(2)  // LZW minimum code size
        let data = packLSBFirst(codes, width: 3)
        var offset = 0
        while offset < data.count {
            let length = min(255, data.count - offset)
            bytes.append(UInt8(length))
            bytes += data[offset..<(offset + length)]
            offset += length
        }
        bytes += [0x00, 0x3B]  // block terminator, trailer
        return bytes
    }

    private static func packLSBFirst(_ codes: [Int], width: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = 0
        var bits = 0
        for code in codes {
            buffer |= code << bits
            bits += width
            while bits >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                bits -= 8
            }
        }
        if bits > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        return bytes
    }
}

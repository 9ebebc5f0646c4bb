extension TestImage {
    /// A baseline grayscale JPEG: flat gray blocks, coded with one-symbol Huffman tables (every
    /// block is "DC difference 0, end of block", two bits).
    public static func jpeg(width: Int, height: Int) -> [UInt8] {
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        var scan = [UInt8](repeating: 0, count: (2 * blocks) / 8)
        let leftover = (2 * blocks) % 8
        if leftover > 0 { scan.append(UInt8(0xFF >> leftover)) }  // pad the last byte with 1 bits
        return jpegHeaders(width: width, height: height) + scan + [0xFF, 0xD9]
    }

    /// A JPEG frame header declaring `width`×`height` followed by two bytes of scan data.
    static func jpegBomb(width: Int, height: Int) -> [UInt8] {
        jpegHeaders(width: width, height: height) + [0x00, 0x3F, 0xFF, 0xD9]
    }

    /// SOI, quantization table, SOF0, DC and AC Huffman tables, SOS.
    private static func jpegHeaders(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xDB] + be16(67) + [0x00] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, 0xC0] + be16(11) + [8] + be16(height) + be16(width) + [1, 1, 0x11, 0]
        let oneSymbol: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0x00]
        bytes += [0xFF, 0xC4] + be16(20) + [0x00] + oneSymbol
        bytes += [0xFF, 0xC4] + be16(20) + [0x10] + oneSymbol
        bytes += [0xFF, 0xDA] + be16(8) + [1, 1, 0x00, 0, 63, 0]
        return bytes
    }
}

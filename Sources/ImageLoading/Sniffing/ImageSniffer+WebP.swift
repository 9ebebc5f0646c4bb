extension ImageSniffer {
    /// WebP: a RIFF container whose first chunk is `VP8 ` (lossy key frame), `VP8L` (lossless)
    /// or `VP8X` (extended, with the canvas size).
    static func webp(_ reader: ByteReader) -> ImageInfo? {
        let chunk = 12
        let payload = chunk + 8
        if reader.matches(ascii: "VP8 ", at: chunk) {
            // Frame tag (3 bytes, bit 0 clear for a key frame), start code 9D 01 2A, then
            // 14-bit width and height with 2 bits of scaling each.
            guard let tag = reader.u8(payload), tag & 0x01 == 0,
                reader.matches([0x9D, 0x01, 0x2A], at: payload + 3),
                let width = reader.u16LE(payload + 6), let height = reader.u16LE(payload + 8)
            else { return nil }
            return ImageInfo(format: .webp, width: width & 0x3FFF, height: height & 0x3FFF)
        }
        if reader.matches(ascii: "VP8L", at: chunk) {
            // Signature 0x2F, then 14 bits width − 1 and 14 bits height − 1, little-endian.
            guard reader.u8(payload) == 0x2F, let bits = reader.u32LE(payload + 1) else { return nil }
            return ImageInfo(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        }
        if reader.matches(ascii: "VP8X", at: chunk) {
            // Flags (1 byte) and 3 reserved bytes, then 24-bit canvas width − 1 and height − 1.
            guard let width = reader.u24LE(payload + 4), let height = reader.u24LE(payload + 7) else { return nil }
            return ImageInfo(format: .webp, width: width + 1, height: height + 1)
        }
        return nil
    }
}

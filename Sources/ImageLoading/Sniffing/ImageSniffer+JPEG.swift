extension ImageSniffer {
    /// JPEG: walks the marker segments from SOI to the first SOFn (C0–CF except DHT C4, JPG C8
    /// and DAC CC), whose frame header holds height then width. Reaching scan data or the end
    /// first means no usable header.
    static func jpeg(_ reader: ByteReader) -> ImageInfo? {
        var offset = 2
        while offset < reader.count {
            guard reader.u8(offset) == 0xFF else { return nil }
            // Any number of 0xFF fill bytes may precede a marker.
            while reader.u8(offset) == 0xFF { offset += 1 }
            guard let marker = reader.u8(offset) else { return nil }
            offset += 1
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue  // standalone markers without a length
            case 0xD8, 0xD9, 0xDA, 0x00:
                return nil  // a second SOI, end of image or scan data before any frame header
            default:
                break
            }
            guard let length = reader.u16BE(offset), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 7, let height = reader.u16BE(offset + 3), let width = reader.u16BE(offset + 5)
                else { return nil }
                return ImageInfo(format: .jpeg, width: width, height: height)
            }
            offset += length
        }
        return nil
    }
}

import Foundation

/// Reads an image's format and pixel dimensions from its first bytes, without decoding:
/// JPEG (SOFn marker), PNG (IHDR), GIF (logical screen and first frame), WebP (VP8, VP8L,
/// VP8X). Anything else, or a header that is cut short or inconsistent, is not an image.
///
/// Pure and total: any input, however hostile, returns a value or nil and never traps.
///
/// ```swift
/// guard let info = ImageSniffer.sniff(body) else { throw ImageLoaderError(.notAnImage) }
/// guard info.pixelCount <= budget else { throw ImageLoaderError(.tooManyPixels(info, limit: budget)) }
/// ```
public enum ImageSniffer {
    /// The largest width or height accepted from any header (JPEG's and WebP's own limits are
    /// lower); larger values are treated as corrupt.
    public static let maxDimension = 1 << 24

    /// The format and size of the image at the start of `data`, or nil when it is not one.
    ///
    /// ```swift
    /// ImageSniffer.sniff(pngData)   // ImageInfo(format: .png, width: 120, height: 80)
    /// ```
    public static func sniff(_ data: Data) -> ImageInfo? {
        data.withUnsafeBytes { sniff(ByteReader(bytes: $0)) }
    }

    /// The format and size of the image at the start of `bytes`, or nil when it is not one.
    ///
    /// ```swift
    /// ImageSniffer.sniff(bytes: [0x89, 0x50, 0x4E, 0x47])   // nil: too short
    /// ```
    public static func sniff(bytes: [UInt8]) -> ImageInfo? {
        bytes.withUnsafeBytes { sniff(ByteReader(bytes: $0)) }
    }

    static func sniff(_ reader: ByteReader) -> ImageInfo? {
        let info: ImageInfo?
        if reader.matches([0xFF, 0xD8, 0xFF], at: 0) {
            info = jpeg(reader)
        } else if reader.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) {
            info = png(reader)
        } else if reader.matches(ascii: "GIF87a", at: 0) || reader.matches(ascii: "GIF89a", at: 0) {
            info = gif(reader)
        } else if reader.matches(ascii: "RIFF", at: 0), reader.matches(ascii: "WEBP", at: 8) {
            info = webp(reader)
        } else {
            info = nil
        }
        guard let info, (1...maxDimension).contains(info.width), (1...maxDimension).contains(info.height) else {
            return nil
        }
        return info
    }

    /// PNG: the first chunk must be a 13-byte IHDR; width and height are big-endian at 16 and 20.
    static func png(_ reader: ByteReader) -> ImageInfo? {
        guard reader.u32BE(8) == 13, reader.matches(ascii: "IHDR", at: 12),
            let width = reader.u32BE(16), let height = reader.u32BE(20),
            width <= Int(Int32.max), height <= Int(Int32.max)
        else { return nil }
        return ImageInfo(format: .png, width: width, height: height)
    }

    /// GIF: the logical screen, enlarged by the first image descriptor when that is bigger
    /// (decoders allocate for the frame too).
    static func gif(_ reader: ByteReader) -> ImageInfo? {
        guard let screenWidth = reader.u16LE(6), let screenHeight = reader.u16LE(8), let flags = reader.u8(10)
        else { return nil }
        var width = screenWidth
        var height = screenHeight
        var offset = 13
        if flags & 0x80 != 0 { offset += 3 * (1 << ((flags & 0x07) + 1)) }
        // Skip extensions up to the first image descriptor; stop at anything unexpected.
        scan: while let introducer = reader.u8(offset) {
            switch introducer {
            case 0x21:
                offset += 2
                while let length = reader.u8(offset), length > 0 { offset += 1 + length }
                offset += 1
            case 0x2C:
                if let left = reader.u16LE(offset + 1), let top = reader.u16LE(offset + 3),
                    let frameWidth = reader.u16LE(offset + 5), let frameHeight = reader.u16LE(offset + 7)
                {
                    width = max(width, left + frameWidth)
                    height = max(height, top + frameHeight)
                }
                break scan
            default:
                break scan
            }
        }
        return ImageInfo(format: .gif, width: width, height: height)
    }
}

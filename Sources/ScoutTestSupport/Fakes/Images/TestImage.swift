/// Small, valid images and image bombs generated in code (no binary files in the repository),
/// in the four formats Scout serves. Each is a real file a decoder accepts, except the bombs,
/// whose headers declare a huge canvas over a few bytes of data.
///
/// ```swift
/// let png = TestImage.png(width: 120, height: 90)
/// let bomb = TestImage.bomb(.gif)   // declares 20000×20000 in under 100 bytes
/// ```
public enum TestImage {
    /// An image format, as the fakes name it.
    public enum Format: String, Sendable, CaseIterable {
        /// PNG.
        case png
        /// Baseline JPEG.
        case jpeg
        /// GIF89a.
        case gif
        /// Lossless WebP.
        case webp

        /// The media type, such as `image/png`.
        public var mimeType: String { "image/\(rawValue)" }

        /// The usual file extension, such as `jpg`.
        public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

        /// The format of a file name's extension (`.jpg`, `.JPEG`, `.png` …), if any.
        public init?(fileName: some StringProtocol) {
            guard let dot = fileName.lastIndex(of: ".") else { return nil }
            switch fileName[fileName.index(after: dot)...].lowercased() {
            case "png": self = .png
            case "jpg", "jpeg": self = .jpeg
            case "gif": self = .gif
            case "webp": self = .webp
            default: return nil
            }
        }
    }

    /// A valid image of `format`; WebP is always 1×1 (a lossless image whose pixel data is
    /// hard to generate for other sizes).
    ///
    /// ```swift
    /// TestImage.make(.jpeg, width: 120, height: 90)   // 185 bytes a decoder accepts
    /// ```
    public static func make(_ format: Format, width: Int, height: Int) -> [UInt8] {
        switch format {
        case .png: png(width: width, height: height)
        case .jpeg: jpeg(width: width, height: height)
        case .gif: gif(width: width, height: height)
        case .webp: webp1x1
        }
    }

    /// A header declaring `width`×`height` (20000×20000 unless given) over a tiny body.
    ///
    /// ```swift
    /// TestImage.bomb(.png).count   // 75
    /// ```
    public static func bomb(_ format: Format, width: Int = 20_000, height: Int = 20_000) -> [UInt8] {
        switch format {
        case .png: pngBomb(width: width, height: height)
        case .jpeg: jpegBomb(width: width, height: height)
        case .gif: gifBomb(width: width, height: height)
        case .webp: webpBomb(width: width, height: height)
        }
    }

    /// A 1×1 lossless WebP (a transparent pixel).
    public static let webp1x1: [UInt8] = [
        0x52, 0x49, 0x46, 0x46, 0x1A, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4C,
        0x0D, 0x00, 0x00, 0x00, 0x2F, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xFE,
        0x07, 0x00,
    ]

    /// An extended (VP8X) WebP header declaring a `width`×`height` canvas.
    static func webpBomb(width: Int, height: Int) -> [UInt8] {
        var bytes = Array("RIFF".utf8) + le32(22) + Array("WEBPVP8X".utf8) + le32(10)
        bytes += [0, 0, 0, 0]
        bytes += le24(width - 1) + le24(height - 1)
        return bytes
    }

    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func le24(_ value: Int) -> [UInt8] { (0..<3).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func be32(_ value: Int) -> [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    static func be16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}

/// The image formats Scout serves and caches; anything else is not an image to Scout.
///
/// ```swift
/// ImageFormat.png.mimeType   // "image/png"
/// ```
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// JPEG (JFIF, Exif), baseline or progressive.
    case jpeg
    /// PNG.
    case png
    /// GIF 87a or 89a, animated or not.
    case gif
    /// WebP, lossy, lossless or extended.
    case webp

    /// The media type sent as `Content-Type`, such as `image/jpeg`.
    public var mimeType: String { "image/\(rawValue)" }
}

/// What the first bytes of an image say: its format and pixel dimensions.
///
/// ```swift
/// if let info = ImageSniffer.sniff(data), info.pixelCount <= 40_000_000 { print(info) }
/// ```
public struct ImageInfo: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The container format.
    public let format: ImageFormat
    /// Width in pixels; at least 1.
    public let width: Int
    /// Height in pixels; at least 1.
    public let height: Int

    /// Creates a description of an image.
    ///
    /// ```swift
    /// ImageInfo(format: .png, width: 120, height: 80)
    /// ```
    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Width × height: what a decoder would have to allocate per channel.
    public var pixelCount: Int { width * height }

    /// Such as `png 120×80`.
    public var description: String { "\(format.rawValue) \(width)×\(height)" }
}

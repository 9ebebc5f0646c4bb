import Foundation

/// An image's bytes exactly as the upstream sent them, with the format and size sniffed from
/// its header (never the upstream's `Content-Type`).
///
/// ```swift
/// let image = try await loader.image(for: url)
/// let contentType = image.info.format.mimeType   // "image/jpeg"
/// ```
public struct LoadedImage: Sendable, Hashable {
    /// The encoded image.
    public let data: Data
    /// Format and pixel dimensions from the header.
    public let info: ImageInfo

    /// Pairs bytes with what their header says.
    ///
    /// ```swift
    /// LoadedImage(data: bytes, info: ImageInfo(format: .png, width: 1, height: 1))
    /// ```
    public init(data: Data, info: ImageInfo) {
        self.data = data
        self.info = info
    }

    /// The bytes as a loaded image when they are one (jpeg, png, gif or webp), else nil.
    ///
    /// ```swift
    /// LoadedImage(sniffing: Data("<html>".utf8))   // nil
    /// ```
    public init?(sniffing data: Data) {
        guard let info = ImageSniffer.sniff(data) else { return nil }
        self.init(data: data, info: info)
    }
}

import CSTBImage
import Foundation
import ImageLoading

/// Decoded RGB pixels, row by row, small enough for a thumbnail.
///
/// Decoding happens only after ``ImageLoading/ImageSniffer`` read the size from the header and
/// it fits the pixel budget (SECURITY.md T7): a 20000×20000 image is refused before stb_image
/// allocates anything.
///
/// ```swift
/// let pixels = try PixelImage(decoding: data, maxPixels: 4_000_000).scaled(width: 12, height: 8)
/// pixels[0, 0]   // (red, green, blue)
/// ```
public struct PixelImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height × 3` bytes, red, green, blue.
    public let bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 3, "three bytes per pixel")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// Why bytes did not become pixels.
    public enum DecodeError: Error, Equatable {
        case notAnImage
        case tooManyPixels(Int)
        case undecodable
    }

    /// Sniffs `data`, checks its pixel count against `maxPixels`, then decodes it with stb_image.
    public init(decoding data: Data, maxPixels: Int) throws(DecodeError) {
        guard let info = ImageSniffer.sniff(data) else { throw .notAnImage }
        guard info.width * info.height <= maxPixels else { throw .tooManyPixels(info.width * info.height) }
        var width: Int32 = 0
        var height: Int32 = 0
        var channels: Int32 = 0
        let decoded: [UInt8]? = data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress, raw.count <= Int(Int32.max) else { return nil }
            guard let pixels = stbi_load_from_memory(base, Int32(raw.count), &width, &height, &channels, 3) else {
                return nil
            }
            defer { stbi_image_free(pixels) }
            // The header may lie about the size; trust only what stb reports, re-checked.
            guard width > 0, height > 0, Int(width) * Int(height) <= maxPixels else { return nil }
            return Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 3))
        }
        guard let decoded else { throw .undecodable }
        self.init(width: Int(width), height: Int(height), bytes: decoded)
    }

    /// The pixel at `x`, `y`.
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let offset = (y * width + x) * 3
        return (bytes[offset], bytes[offset + 1], bytes[offset + 2])
    }

    /// The image cropped to the aspect ratio of `width`×`height` around its centre and scaled to
    /// it, each target pixel the average of the source pixels it covers.
    public func scaled(width targetWidth: Int, height targetHeight: Int) -> PixelImage {
        let aspect = Double(targetWidth) / Double(targetHeight)
        var cropWidth = Double(width)
        var cropHeight = cropWidth / aspect
        if cropHeight > Double(height) {
            cropHeight = Double(height)
            cropWidth = cropHeight * aspect
        }
        let originX = (Double(width) - cropWidth) / 2
        let originY = (Double(height) - cropHeight) / 2
        var output: [UInt8] = []
        output.reserveCapacity(targetWidth * targetHeight * 3)
        for y in 0..<targetHeight {
            let y0 = min(height - 1, Int(originY + cropHeight * Double(y) / Double(targetHeight)))
            let y1 = max(y0 + 1, Int(originY + cropHeight * Double(y + 1) / Double(targetHeight)))
            for x in 0..<targetWidth {
                let x0 = min(width - 1, Int(originX + cropWidth * Double(x) / Double(targetWidth)))
                let x1 = max(x0 + 1, Int(originX + cropWidth * Double(x + 1) / Double(targetWidth)))
                output += average(x: x0..<min(x1, width), y: y0..<min(y1, height))
            }
        }
        return PixelImage(width: targetWidth, height: targetHeight, bytes: output)
    }

    private func average(x: Range<Int>, y: Range<Int>) -> [UInt8] {
        var sums = [0, 0, 0]
        for row in y {
            for column in x {
                let offset = (row * width + column) * 3
                for channel in 0..<3 { sums[channel] += Int(bytes[offset + channel]) }
            }
        }
        let count = max(1, x.count * y.count)
        return sums.map { UInt8($0 / count) }
    }
}

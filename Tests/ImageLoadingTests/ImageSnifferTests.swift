import Foundation
import ImageLoading
import ScoutTestSupport
import Testing

@Suite("ImageSniffer", .timeLimit(.minutes(10)))
struct ImageSnifferTests {
    @Test("generated images report their format and size", arguments: TestImage.Format.allCases)
    func generated(format: TestImage.Format) {
        for (width, height) in [(1, 1), (7, 13), (120, 90), (320, 240)] {
            let info = ImageSniffer.sniff(bytes: TestImage.make(format, width: width, height: height))
            let expected = format == .webp ? (1, 1) : (width, height)
            #expect(info?.format.rawValue == format.rawValue)
            #expect(info?.width == expected.0 && info?.height == expected.1)
        }
    }

    @Test("bomb headers report 20000×20000 from under 200 bytes", arguments: TestImage.Format.allCases)
    func bombs(format: TestImage.Format) {
        let bomb = TestImage.bomb(format)
        #expect(bomb.count < 200)
        let info = ImageSniffer.sniff(bytes: bomb)
        #expect(info?.width == 20_000 && info?.height == 20_000)
        #expect(info?.pixelCount == 400_000_000)
    }

    @Test("JPEG: APPn segments and fill bytes before a progressive SOF2")
    func jpegSegments() {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xE1, 0x00, 0x08] + Array("Exif\0\0".utf8)
        bytes += [0xFF, 0xFF, 0xFF, 0xC2, 0x00, 0x11, 8, 0x02, 0x58, 0x03, 0x20, 3]
        #expect(ImageSniffer.sniff(bytes: bytes) == ImageInfo(format: .jpeg, width: 800, height: 600))
    }

    @Test("JPEG: a scan, an end or a DHT before any frame header is not an image")
    func jpegWithoutFrame() {
        let huffmanOnly: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC4, 0x00, 0x03, 0x00, 0xFF, 0xDA, 0x00, 0x02]
        #expect(ImageSniffer.sniff(bytes: huffmanOnly) == nil)
        #expect(ImageSniffer.sniff(bytes: [0xFF, 0xD8, 0xFF, 0xD9]) == nil)
        #expect(ImageSniffer.sniff(bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01]) == nil)  // length < 2
        #expect(ImageSniffer.sniff(bytes: [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 8, 0, 0, 0, 1]) == nil)  // height 0
    }

    @Test("WebP: lossy VP8, lossless VP8L and extended VP8X headers")
    func webpHeaders() {
        let lossy: [UInt8] =
            Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [0x18, 0, 0, 0]
            + [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A, 0x40, 0x01, 0xF0, 0x00]
        #expect(ImageSniffer.sniff(bytes: lossy) == ImageInfo(format: .webp, width: 320, height: 240))
        #expect(ImageSniffer.sniff(bytes: TestImage.webp1x1) == ImageInfo(format: .webp, width: 1, height: 1))
        let extended = TestImage.bomb(.webp, width: 1920, height: 1080)
        #expect(ImageSniffer.sniff(bytes: extended) == ImageInfo(format: .webp, width: 1920, height: 1080))
        var interFrame = lossy
        interFrame[20] |= 1
        #expect(ImageSniffer.sniff(bytes: interFrame) == nil)
    }

    @Test("GIF: a first frame larger than the logical screen counts")
    func gifFrameLargerThanScreen() {
        var bytes = Array("GIF89a".utf8) + [0x10, 0x00, 0x10, 0x00, 0x00, 0, 0]
        bytes += [0x21, 0xF9, 0x04, 0, 0, 0, 0, 0x00]  // graphic control extension
        bytes += [0x2C, 0, 0, 0, 0, 0x20, 0x4E, 0x20, 0x4E, 0]  // 20000×20000 frame
        #expect(ImageSniffer.sniff(bytes: bytes) == ImageInfo(format: .gif, width: 20_000, height: 20_000))
    }

    @Test("anything else is not an image")
    func notImages() {
        let samples: [[UInt8]] = [
            [], Array("<!DOCTYPE html><html><body>hi</body></html>".utf8), Array("GIF88a\u{1}\0\u{1}\0".utf8),
            Array("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>".utf8),
            Array("BM".utf8) + [UInt8](repeating: 1, count: 60), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IDAT".utf8) + [
                0, 0, 0, 1, 0, 0, 0, 1,
            ],
            Array("RIFF\0\0\0\0WAVEfmt ".utf8), Array(#"{"error":"not found"}"#.utf8),
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
                0, 0, 0, 0, 0, 0, 0, 1,
            ],
        ]
        for sample in samples { #expect(ImageSniffer.sniff(bytes: sample) == nil) }
    }

    @Test("every prefix of every sample either is nil or says the same; nothing traps")
    func prefixes() {
        var samples = TestImage.Format.allCases.map { TestImage.make($0, width: 33, height: 17) }
        samples += TestImage.Format.allCases.map { TestImage.bomb($0) }
        for sample in samples {
            let full = ImageSniffer.sniff(bytes: sample)
            #expect(full != nil)
            for length in 0..<min(sample.count, 400) {
                let info = ImageSniffer.sniff(bytes: Array(sample.prefix(length)))
                #expect(info == nil || info == full)
            }
        }
    }

    @Test("20,000 mutated and random inputs never trap and never report impossible sizes")
    func fuzz() {
        var random = SplitMix64(seed: 0x1A6E)
        let seeds =
            TestImage.Format.allCases.map { TestImage.make($0, width: 9, height: 5) }
            + TestImage.Format.allCases.map { TestImage.bomb($0) }
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 4 == 0 {
                bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
            } else {
                bytes = Array(seeds[round % seeds.count].prefix(300))
                for _ in 0..<Int.random(in: 1...6, using: &random) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            }
            if let info = ImageSniffer.sniff(bytes: bytes) {
                #expect((1...ImageSniffer.maxDimension).contains(info.width))
                #expect((1...ImageSniffer.maxDimension).contains(info.height))
            }
        }
    }
}

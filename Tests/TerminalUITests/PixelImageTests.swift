import Foundation
import ScoutTestSupport
import Testing

@testable import TerminalUI

@Suite("Thumbnails: decoding, half-blocks, kitty", .timeLimit(.minutes(10)))
struct PixelImageTests {
    // stb_image has no WebP: such thumbnails are skipped, so WebP is not among the arguments.
    @Test(
        "PNG, JPEG and GIF decode with stb_image and scale to a thumbnail",
        arguments: TestImage.Format.allCases.filter { $0 != .webp })
    func decodes(format: TestImage.Format) throws {
        let image = try PixelImage(decoding: Data(TestImage.make(format, width: 40, height: 30)), maxPixels: 10_000)
        #expect(image.width == 40)
        #expect(image.height == 30)
        let thumbnail = image.scaled(width: 6, height: 4)
        #expect(thumbnail.bytes.count == 6 * 4 * 3)
    }

    @Test(
        "bombs are refused from the header, before any decoding (T7)", arguments: [TestImage.Format.png, .jpeg, .gif])
    func bombs(format: TestImage.Format) {
        #expect(throws: PixelImage.DecodeError.tooManyPixels(400_000_000)) {
            try PixelImage(decoding: Data(TestImage.bomb(format)), maxPixels: 16_000_000)
        }
        #expect(throws: PixelImage.DecodeError.notAnImage) {
            try PixelImage(decoding: Data("<html>".utf8), maxPixels: 16_000_000)
        }
    }

    @Test("half-blocks: ▀ with the upper pixel as foreground, the lower as background")
    func halfBlocks() {
        let image = PixelImage(width: 1, height: 2, bytes: [255, 0, 0, 0, 0, 255])
        var grid = CellGrid(rows: 1, columns: 2)
        HalfBlocks.draw(image, into: &grid, row: 0, column: 1)
        #expect(grid[0, 1] == Cell(text: "▀", style: Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255))))
    }

    @Test("kitty: chunks of at most 4096 base64 bytes, the first with the size and placement")
    func kitty() {
        let image = PixelImage(width: 60, height: 40, bytes: Array(repeating: 7, count: 60 * 40 * 3))
        let command = KittyGraphics.transmit(image, columns: 6, rows: 2)
        let chunks = command.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        #expect(chunks.count == 3)  // 7200 bytes → 9600 base64 characters
        #expect(chunks[0].hasPrefix("\u{1B}_Ga=T,f=24,s=60,v=40,c=6,r=2,C=1,q=2,m=1;"))
        #expect(chunks[2].hasPrefix("\u{1B}_Gm=0;"))
        #expect(chunks.allSatisfy { $0.split(separator: ";").last!.count <= 4096 })
    }

    @Test("image mode: forced, or detected from the environment")
    func modes() {
        #expect(ImageMode.detect(term: "xterm-kitty", colorTerm: nil) == .kitty)
        #expect(ImageMode.detect(term: nil, colorTerm: "truecolor", isKitty: true) == .kitty)
        #expect(ImageMode.detect(term: nil, colorTerm: "24bit") == .blocks)
        #expect(ImageMode.detect(term: "xterm-256color", colorTerm: nil) == ImageMode.none)
        #expect(ImageMode(argument: "BLOCKS") == .blocks)
        #expect(ImageMode(argument: "sixel") == nil)
    }
}

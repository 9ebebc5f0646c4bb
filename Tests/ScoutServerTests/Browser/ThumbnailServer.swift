import Foundation
import HTTPServer

/// A stand-in for upload.wikimedia.org on 127.0.0.1: answers every path with a small PNG
/// (a sky-and-hill picture whose colours follow from the path), so the page's thumbnails go
/// through Scout's real image proxy in the browser tests.
struct ThumbnailServer: Sendable {
    let port: UInt16

    /// `http://127.0.0.1:PORT/`, the Wikimedia upload base to configure.
    var base: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// An upload path for `name` in Wikimedia's layout (`wikipedia/commons/a/ab/Name.png`).
    func imageURL(for name: String) -> String {
        let hash = TestPNG.fnv1a(Array(name.utf8))
        let digits = Array("0123456789abcdef")
        let first = digits[Int(hash % 16)]
        let second = digits[Int((hash / 16) % 16)]
        let file = String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        return "\(base.absoluteString)wikipedia/commons/\(first)/\(first)\(second)/\(file).png"
    }
}

/// Starts a ``ThumbnailServer``, runs `body`, and stops it however `body` ends.
func withThumbnailServer<T>(_ body: (ThumbnailServer) async throws -> T) async throws -> T {
    var router = Router()
    router.add(
        .get, "/*path",
        immediate: { request in
            Response(
                status: 200, headers: ["Content-Type": "image/png", "Cache-Control": "max-age=3600"],
                bytes: TestPNG.landscape(seed: TestPNG.fnv1a(Array(request.path.utf8))))
        })
    let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, threadCount: 1, accessLog: nil)
    return try await Server.withRunning(configuration, responder: router) { server in
        try await body(ThumbnailServer(port: server.port))
    }
}

/// Tiny PNG pictures made in code (stored deflate blocks, no compression library).
enum TestPNG {
    /// A 160 × 120 picture: a sky gradient, a sun and a hill, in colours picked by `seed`.
    static func landscape(seed: UInt64) -> [UInt8] {
        let width = 160
        let height = 120
        let hue = Double(seed % 360) / 360
        let sky = (top: rgb(hue: hue, saturation: 0.55, value: 0.95), bottom: rgb(hue: hue, saturation: 0.25, value: 1))
        let hill = rgb(hue: (hue + 0.33).truncatingRemainder(dividingBy: 1), saturation: 0.55, value: 0.55)
        let sunX = 40 + Double(seed / 360 % 80)
        var pixels = [UInt8]()
        pixels.reserveCapacity(height * (width * 3 + 1))
        for y in 0..<height {
            pixels.append(0)  // filter: none
            let t = Double(y) / Double(height - 1)
            for x in 0..<width {
                let ridge = 78 + 14 * sin(Double(x) / 23 + Double(seed % 7))
                var color = mix(sky.top, sky.bottom, t)
                let dx = Double(x) - sunX
                let dy = Double(y) - 38
                if dx * dx + dy * dy < 196 { color = (255, 244, 214) }
                if Double(y) > ridge { color = mix(hill, (0, 0, 0), (Double(y) - ridge) / 120) }
                pixels += [color.0, color.1, color.2]
            }
        }
        return png(width: width, height: height, rgb: pixels)
    }

    /// A PNG of 8-bit RGB rows, each already prefixed with its filter byte.
    static func png(width: Int, height: Int, rgb rows: [UInt8]) -> [UInt8] {
        var header = [UInt8]()
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8 bits, truecolour, deflate, no filter method, no interlace
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, rows.count - offset)
            let isLast = offset + count == rows.count
            zlib.append(isLast ? 1 : 0)
            zlib += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += rows[offset..<(offset + count)]
            offset += count
        } while offset < rows.count
        zlib += bigEndian(adler32(rows))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib)
            + chunk("IEND", [])
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { value, _ in value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func rgb(hue: Double, saturation: Double, value: Double) -> (UInt8, UInt8, UInt8) {
        let sector = hue * 6
        let f = sector - sector.rounded(.down)
        let p = value * (1 - saturation)
        let q = value * (1 - saturation * f)
        let t = value * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double) =
            switch Int(sector) % 6 {
            case 0: (value, t, p)
            case 1: (q, value, p)
            case 2: (p, value, t)
            case 3: (p, q, value)
            case 4: (t, p, value)
            default: (value, p, q)
            }
        return (UInt8(r * 255), UInt8(g * 255), UInt8(b * 255))
    }

    private static func mix(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8), _ t: Double) -> (
        UInt8, UInt8, UInt8
    ) {
        let t = min(max(t, 0), 1)
        func blend(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(Double(x) * (1 - t) + Double(y) * t) }
        return (blend(a.0, b.0), blend(a.1, b.1), blend(a.2, b.2))
    }
}

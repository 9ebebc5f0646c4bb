import Foundation
import HTTPServer
import ScoutTestSupport

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

/// Small landscape pictures made in code, so screenshots show something like real thumbnails.
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
        return TestImage.pngRGB(width: width, height: height, rows: pixels)
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
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

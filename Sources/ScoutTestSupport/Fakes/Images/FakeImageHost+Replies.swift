import Foundation
import HTTPServer
import Synchronization

extension FakeImageHost {
    /// The reply a behavior gives for `path`.
    static func response(for behavior: Behavior, path: String) -> Response {
        switch behavior {
        case .image:
            guard let (format, width) = imageRequest(in: path) else {
                return Response(status: 404, headers: ["Content-Type": "text/plain"], bytes: Array("no such file".utf8))
            }
            return image(format, width: width, height: max(1, width * 3 / 4))
        case .imageOf(let format, let width, let height):
            return image(format, width: width, height: height)
        case .wrongContentType(let contentType):
            var response = response(for: .image, path: path)
            response.headers["Content-Type"] = contentType
            return response
        case .bytes(let bytes, let contentType):
            return Response(status: 200, headers: ["Content-Type": contentType], bytes: bytes)
        case .bomb(let format):
            return Response(status: 200, headers: ["Content-Type": format.mimeType], bytes: TestImage.bomb(format))
        case .oversized(let byteCount, let declaresLength):
            return oversized(byteCount: byteCount, declaresLength: declaresLength)
        case .redirect(let location, let status):
            return Response(status: status, headers: ["Location": location, "Content-Type": "text/plain"])
        case .status(let status):
            return Response(status: status, headers: ["Content-Type": "text/plain"], bytes: Array("status".utf8))
        }
    }

    /// The format (from the extension) and width (from `NNNpx-`) a Wikimedia-shaped path asks for.
    static func imageRequest(in path: String) -> (TestImage.Format, Int)? {
        let name = path.split(separator: "/").last ?? ""
        guard let format = TestImage.Format(fileName: name) else { return nil }
        let width =
            name.range(of: "px-").flatMap { px in
                Int(String(name[..<px.lowerBound].reversed().prefix { $0.isNumber }.reversed()))
            } ?? 120
        return (format, min(max(width, 1), 1024))
    }

    private static func image(_ format: TestImage.Format, width: Int, height: Int) -> Response {
        Response(
            status: 200, headers: ["Content-Type": format.mimeType],
            bytes: TestImage.make(format, width: width, height: height))
    }

    /// A PNG signature and header, then zeros, 64 KiB at a time.
    private static func oversized(byteCount: Int, declaresLength: Bool) -> Response {
        let head = TestImage.png(width: 1, height: 1)
        let chunkSize = 64 * 1024
        let sent = Mutex(0)
        let stream = ResponseStream(declaredLength: declaresLength ? byteCount : nil) {
            guard !Task.isCancelled else { return nil }
            return sent.withLock { sent -> [UInt8]? in
                guard sent < byteCount else { return nil }
                var chunk = [UInt8](repeating: 0, count: min(chunkSize, byteCount - sent))
                if sent == 0 { chunk.replaceSubrange(0..<min(head.count, chunk.count), with: head.prefix(chunk.count)) }
                sent += chunk.count
                return chunk
            }
        }
        return Response(status: 200, headers: ["Content-Type": "image/png"], body: .stream(stream))
    }
}

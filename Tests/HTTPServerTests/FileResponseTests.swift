import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// Bodies sent from a file — by `sendfile`, or prepared once from one mapping of the file:
/// exactly the region asked for, to every request on any connection; a file cut short under a
/// response or under its mapping ends that response, never the server; and no descriptor or
/// mapping outlives the region and its responses.
@Suite("File responses", .timeLimit(.minutes(10)))
struct FileResponseTests {
    static let header = Array(repeating: UInt8(ascii: "H"), count: 56)
    static let payload = (0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }

    /// Keeps a file open for the regions made of it.
    final class OpenFile: Sendable {
        let descriptor: Int32
        init(_ path: String) { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        deinit { close(descriptor) }

        func region() -> FileRegion {
            FileRegion(
                descriptor: descriptor, offset: FileResponseTests.header.count,
                count: FileResponseTests.payload.count, owner: self)
        }
    }

    @Test("a region of a file, plain or prepared, reaches every request whole; HEAD gets no body")
    func servedFromTheFile() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("body").path
            try Data(Self.header + Self.payload + Array("trailer".utf8)).write(to: URL(fileURLWithPath: path))
            do {
                let file = OpenFile(path)
                let prepared = PreparedResponse(headers: ["Content-Type": "image/png"], file: file.region())
                var router = Router()
                router.add(.get, "/plain", immediate: { _ in Response(body: .file(file.region())) })
                router.add(.get, "/prepared", immediate: { _ in prepared.response })
                try await withTestServer(router) { server in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for target in ["/plain", "/prepared", "/plain", "/prepared"] {
                            group.addTask {
                                let connection = try RawHTTPConnection(port: server.port)
                                for _ in 0..<25 {
                                    let reply = try await connection.get(target)
                                    #expect(reply.status == 200 && reply.body == Self.payload, "\(target)")
                                    #expect(reply.headers["Content-Length"] == "\(Self.payload.count)")
                                }
                            }
                        }
                        try await group.waitForAll()
                    }
                    let head = try RawHTTPConnection(port: server.port)
                    try await head.send("HEAD /prepared HTTP/1.1\r\nHost: x\r\n\r\n")
                    let headReply = try await head.readResponse(forHead: true)
                    #expect(headReply.status == 200 && headReply.body.isEmpty)
                    #expect(headReply.headers["Content-Length"] == "\(Self.payload.count)")
                    #expect(try await head.get("/prepared").body == Self.payload)
                    // The prepared reply mapped the file once for all its requests.
                    #expect(mappedFiles(under: directory).count == 1)
                }
                #expect(prepared.content.bytes == Self.payload)
            }
            #expect(openDescriptors(under: directory).isEmpty && mappedFiles(under: directory).isEmpty)
        }
    }

    @Test("a file cut short under its region ends that reply early; the server goes on serving")
    func fileCutShort() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("body").path
            try Data(Self.header + Self.payload).write(to: URL(fileURLWithPath: path))
            do {
                let file = OpenFile(path)
                var router = Router()
                router.add(.get, "/file", immediate: { _ in Response(body: .file(file.region())) })
                router.add(.get, "/ok", immediate: { _ in .text("ok") })
                try await withTestServer(router) { server in
                    #expect(truncate(path, off_t(Self.header.count + 100)) == 0)
                    let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(5))
                    let cut = try? await connection.get("/file")
                    #expect(cut?.body != Self.payload)
                    let next = try await RawHTTPConnection(port: server.port).get("/ok")
                    #expect(next.status == 200 && next.body == Array("ok".utf8))
                }
            }
            #expect(openDescriptors(under: directory).isEmpty)
        }
    }

    /// Touching a mapped page past the end of its file would kill the process with SIGBUS; only
    /// the kernel reads this mapping, and its copy fails instead (EFAULT), ending the reply.
    @Test(
        "T10: a file cut short under a prepared reply's mapping ends that reply; the server goes on",
        arguments: [100, 0])
    func mappedFileCutShort(keptBytes: Int) async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("body").path
            try Data(Self.header + Self.payload).write(to: URL(fileURLWithPath: path))
            do {
                let file = OpenFile(path)
                let prepared = PreparedResponse(headers: ["Content-Type": "image/png"], file: file.region())
                var router = Router()
                router.add(.get, "/prepared", immediate: { _ in prepared.response })
                router.add(.get, "/ok", immediate: { _ in .text("ok") })
                try await withTestServer(router) { server in
                    let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(5))
                    #expect(try await connection.get("/prepared").body == Self.payload)
                    #expect(mappedFiles(under: directory).count == 1)
                    #expect(truncate(path, off_t(Self.header.count + keptBytes)) == 0)
                    for _ in 0..<3 {
                        let cut = try? await RawHTTPConnection(port: server.port, timeout: .seconds(5)).get("/prepared")
                        #expect(cut?.body != Self.payload)
                    }
                    let next = try await RawHTTPConnection(port: server.port).get("/ok")
                    #expect(next.status == 200 && next.body == Array("ok".utf8))
                }
            }
            #expect(openDescriptors(under: directory).isEmpty && mappedFiles(under: directory).isEmpty)
        }
    }
}

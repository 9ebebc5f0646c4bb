import Dispatch
import HTTPServer

/// An HTTP/1.1 client over a plain socket, for tests that need what URLSession hides:
/// keep-alive on one connection, exact bytes on the wire, a chosen source address, or a
/// client that misbehaves on purpose.
///
/// Socket calls block, so they run on the connection's own dispatch queue: blocking the
/// cooperative pool (two threads on a two-core machine) would starve the server under test.
///
/// ```swift
/// let connection = try RawHTTPConnection(port: server.port)
/// let response = try await connection.get("/healthz")
/// #expect(response.status == 200)
/// ```
public final class RawHTTPConnection: @unchecked Sendable {
    // `@unchecked Sendable`: `socket` is touched only on `queue`, but for `abort()`, which
    // only calls shutdown(2) on its descriptor (safe from any thread).
    private let socket: BlockingHTTPConnection
    private let queue = DispatchQueue(label: "scout.test.raw-http")

    /// Connects to `host:port` (IPv4), optionally from `sourceAddress` (such as `127.0.0.2`);
    /// each read or write gives up after `timeout`. A small `receiveBufferBytes` makes a client
    /// that stops reading hold the server back at once, as a slow one on a real network does.
    public init(
        host: String = "127.0.0.1", port: UInt16, sourceAddress: String? = nil,
        timeout: Duration = .seconds(5), receiveBufferBytes: Int? = nil
    ) throws(RawHTTPError) {
        socket = try BlockingHTTPConnection(
            host: host, port: port, sourceAddress: sourceAddress, timeout: timeout,
            receiveBufferBytes: receiveBufferBytes)
    }

    /// Sends bytes exactly as given.
    public func send(_ bytes: [UInt8]) async throws(RawHTTPError) {
        try await perform { (socket) throws(RawHTTPError) in try socket.send(bytes) }
    }

    /// Sends text as UTF-8, exactly as given (write `\r\n` yourself).
    public func send(_ text: String) async throws(RawHTTPError) {
        try await perform { (socket) throws(RawHTTPError) in try socket.send(text) }
    }

    /// Sends `method target` with `Host` and any extra header fields, and reads the reply.
    public func get(
        _ target: String, headers: [String: String] = [:], method: String = "GET"
    ) async throws(RawHTTPError) -> RawHTTPResponse {
        try await perform { (socket) throws(RawHTTPError) in try socket.get(target, headers: headers, method: method) }
    }

    /// Reads one response: status line, headers, and a body framed by `Content-Length`,
    /// chunked encoding, or the connection closing.
    public func readResponse(forHead isHead: Bool = false) async throws(RawHTTPError) -> RawHTTPResponse {
        try await perform { (socket) throws(RawHTTPError) in try socket.readResponse(forHead: isHead) }
    }

    /// Reads a response's status line and header fields only, for a test that reads its body
    /// as it arrives (``readChunk()``).
    ///
    /// ```swift
    /// try await connection.send("GET /api/v1/multisearch?q=hut HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    /// let head = try await connection.readHead()
    /// while let chunk = try await connection.readChunk() { … }
    /// ```
    public func readHead() async throws(RawHTTPError) -> (status: Int, headers: HTTPHeaders) {
        try await perform { (socket) throws(RawHTTPError) in try socket.readHead() }
    }

    /// Reads the next chunk of a chunked body as the server sent it, waiting for it; nil once
    /// the body is over.
    public func readChunk() async throws(RawHTTPError) -> [UInt8]? {
        try await perform { (socket) throws(RawHTTPError) in try socket.readChunk() }
    }

    /// Reads every byte until the server closes the connection; throws ``RawHTTPError/timedOut``
    /// when it stays open.
    public func readToEnd() async throws(RawHTTPError) -> [UInt8] {
        try await perform { (socket) throws(RawHTTPError) in try socket.readToEnd() }
    }

    /// Drops the connection as a browser aborts a fetch, from any task or thread: a request
    /// under way ends with an error at once.
    ///
    /// ```swift
    /// try await withTaskCancellationHandler { try await connection.get(target) } onCancel: { connection.abort() }
    /// ```
    public func abort() { socket.abort() }

    /// True when the server has closed the connection.
    public func isClosedByPeer() async -> Bool {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.socket.isClosedByPeer()) }
        }
    }

    private func perform<T: Sendable>(
        _ work: @escaping @Sendable (BlockingHTTPConnection) throws(RawHTTPError) -> T
    ) async throws(RawHTTPError) -> T {
        let result: Result<T, RawHTTPError> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(RawHTTPError) {
                    continuation.resume(returning: .success(try work(self.socket)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }
}

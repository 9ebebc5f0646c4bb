import Foundation
import HTTPServer

/// The blocking socket work behind ``RawHTTPConnection``; only ever used on that connection's
/// serial queue.
final class BlockingHTTPConnection {
    private let socket: Int32
    private var buffer: [UInt8] = []

    init(
        host: String, port: UInt16, sourceAddress: String?, timeout: Duration, receiveBufferBytes: Int? = nil
    ) throws(RawHTTPError) {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw .system("socket", errno) }
        var seconds = timeval(
            tv_sec: Int(timeout.components.seconds),
            tv_usec: Int(timeout.components.attoseconds / 1_000_000_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBufferBytes.map(Int32.init) {
            // Before connect, so the window the server may fill stays this small.
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        do {
            if let sourceAddress { try Self.call("bind", socket, address: Self.address(sourceAddress, port: 0), bind) }
            try Self.call("connect", socket, address: Self.address(host, port: port), connect)
        } catch {
            Glibc.close(socket)
            throw error
        }
    }

    /// Runs `bind` or `connect` on `socket` with an IPv4 address.
    private static func call(
        _ name: String, _ socket: Int32, address: sockaddr_in,
        _ function: (Int32, UnsafePointer<sockaddr>?, socklen_t) -> Int32
    ) throws(RawHTTPError) {
        var address = address
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                function(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw .system(name, errno) }
    }

    deinit { Glibc.close(socket) }

    /// Shuts the socket down both ways, from any thread: a read or write blocked on it returns
    /// at once. The descriptor stays open until deinit, so it cannot be reused meanwhile.
    func abort() { _ = Glibc.shutdown(socket, Int32(SHUT_RDWR)) }

    /// Sends bytes exactly as given.
    func send(_ bytes: [UInt8]) throws(RawHTTPError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { throw .system("send", errno) }
            offset += sent
        }
    }

    /// Sends text as UTF-8, exactly as given (write `\r\n` yourself).
    func send(_ text: String) throws(RawHTTPError) { try send(Array(text.utf8)) }

    /// Sends `GET target` with `Host` and any extra header lines, and reads the reply.
    func get(_ target: String, headers: [String: String] = [:], method: String = "GET") throws(RawHTTPError)
        -> RawHTTPResponse
    {
        var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
        try send(request + "\r\n")
        return try readResponse(forHead: method == "HEAD")
    }

    /// Reads one response: status line, headers, and a body framed by `Content-Length`,
    /// chunked encoding, or the connection closing.
    func readResponse(forHead isHead: Bool = false) throws(RawHTTPError) -> RawHTTPResponse {
        let (status, headers) = try readHead()
        let body: [UInt8]
        if isHead || status == 204 || status == 304 || (100..<200).contains(status) {
            body = []
        } else if let length = headers["Content-Length"].flatMap(Int.init) {
            body = try readExactly(length)
        } else if headers["Transfer-Encoding"]?.lowercased().contains("chunked") == true {
            body = try readChunked()
        } else {
            body = try readToEnd()
        }
        return RawHTTPResponse(status: status, headers: headers, body: body)
    }

    /// Reads a response's status line and header fields, leaving its body to be read.
    func readHead() throws(RawHTTPError) -> (status: Int, headers: HTTPHeaders) {
        let head = try readUntil(Array("\r\n\r\n".utf8))
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw .malformed(lines[0]) }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed(line) }
            headers.add(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (status, headers)
    }

    /// True when the server has closed the connection (a read returns end of file).
    func isClosedByPeer() -> Bool {
        guard buffer.isEmpty else { return false }
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, 0)
        if count == 1 { buffer.append(byte) }
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    // MARK: Reading

    private func fill() throws(RawHTTPError) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == EINTR { return true }
            if errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut }
            if errno == ECONNRESET { return false }
            throw .system("recv", errno)
        }
        buffer.append(contentsOf: chunk[..<count])
        return count > 0
    }

    private func readUntil(_ delimiter: [UInt8]) throws(RawHTTPError) -> [UInt8] {
        var searchFrom = 0
        while true {
            if buffer.count >= delimiter.count {
                for start in searchFrom...(buffer.count - delimiter.count)
                where buffer[start..<(start + delimiter.count)].elementsEqual(delimiter) {
                    let result = Array(buffer[..<start])
                    buffer.removeFirst(start + delimiter.count)
                    return result
                }
                searchFrom = buffer.count - delimiter.count + 1
            }
            guard try fill() else { throw .closed(received: buffer.count) }
        }
    }

    private func readExactly(_ count: Int) throws(RawHTTPError) -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw .closed(received: buffer.count) }
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    private func readChunked() throws(RawHTTPError) -> [UInt8] {
        var body: [UInt8] = []
        while let chunk = try readChunk() { body += chunk }
        return body
    }

    /// Reads the next chunk of a chunked body; nil for the last (empty) chunk, after which the
    /// body is over.
    func readChunk() throws(RawHTTPError) -> [UInt8]? {
        let sizeLine = String(decoding: try readUntil([13, 10]), as: UTF8.self)
        guard let size = Int(sizeLine.split(separator: ";").first ?? "", radix: 16) else {
            throw .malformed(sizeLine)
        }
        if size == 0 {
            _ = try readUntil([13, 10])
            return nil
        }
        let chunk = try readExactly(size)
        _ = try readExactly(2)
        return chunk
    }

    func readToEnd() throws(RawHTTPError) -> [UInt8] {
        while try fill() {}
        defer { buffer.removeAll() }
        return buffer
    }

    private static func address(_ host: String, port: UInt16) throws(RawHTTPError) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw .malformed("address \(host)") }
        return address
    }
}

/// One response read by ``RawHTTPConnection``.
public struct RawHTTPResponse: Sendable {
    public let status: Int
    public let headers: HTTPHeaders
    public let body: [UInt8]

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as JSON.
    public func json() throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(body)) }
}

/// Why ``RawHTTPConnection`` failed.
public enum RawHTTPError: Error, Equatable {
    case system(String, Int32)
    case timedOut
    case closed(received: Int)
    case malformed(String)
}

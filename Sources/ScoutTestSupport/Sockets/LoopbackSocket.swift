import Foundation

/// Plain POSIX sockets for the test listeners that are no HTTP server of ours (the canary, the
/// forward proxy).
enum LoopbackSocket {
    /// A non-blocking socket listening on `address` (numeric IPv4) at a free port.
    static func listen(on address: String) throws(CanaryError) -> (Int32, UInt16) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard socket >= 0 else { throw .system("socket", errno) }
        var storage = sockaddr_in()
        storage.sin_family = sa_family_t(AF_INET)
        storage.sin_port = 0
        guard inet_pton(AF_INET, address, &storage.sin_addr) == 1 else {
            close(socket)
            throw .invalidAddress(address)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                Glibc.bind(socket, address, length) == 0 && Glibc.listen(socket, 64) == 0
                    && getsockname(socket, address, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(socket)
            throw .system("bind/listen", code)
        }
        return (socket, UInt16(bigEndian: storage.sin_port))
    }

    /// A blocking TCP connection to `address:port` (numeric IPv4), or nil.
    static func connect(to address: String, port: UInt16) -> Int32? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        var storage = sockaddr_in()
        storage.sin_family = sa_family_t(AF_INET)
        storage.sin_port = port.bigEndian
        guard inet_pton(AF_INET, address, &storage.sin_addr) == 1 else {
            close(socket)
            return nil
        }
        let connected = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(socket)
            return nil
        }
        return socket
    }

    /// Writes all of `bytes`; false when the peer went away.
    static func write(_ bytes: [UInt8], to socket: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Everything the peer sends until it closes (at most `limit` bytes).
    static func readToEnd(_ socket: Int32, limit: Int = 16 << 20) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            bytes.append(contentsOf: buffer[..<count])
        }
        return bytes
    }

    /// A request head: bytes up to and including the blank line, or nil when the peer closed
    /// first (at most 64 KiB).
    static func readHead(_ socket: Int32) -> [UInt8]? {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while head.count < 64 * 1024 {
            guard Glibc.recv(socket, &byte, 1, 0) == 1 else { return nil }
            head.append(byte)
            if head.count >= 4, head.suffix(4) == [13, 10, 13, 10] { return head }
        }
        return nil
    }
}

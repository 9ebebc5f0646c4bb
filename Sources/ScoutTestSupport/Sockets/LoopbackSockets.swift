import Foundation

/// Raw TCP sockets on 127.0.0.1: a listener on a port the kernel chose, and free ports (for a
/// server a test starts, stops and starts again on the same port).
///
/// ```swift
/// let port = try LoopbackSockets.freePort()
/// ```
public enum LoopbackSockets {
    public struct SocketFailed: Error, CustomStringConvertible {
        public let call: String
        public let number: Int32
        public var description: String { "\(call) failed: \(String(cString: strerror(number)))" }
    }

    /// A socket listening on 127.0.0.1 at a port the kernel chose, and that port.
    public static func listener(backlog: Int32 = 16) throws -> (socket: Int32, port: Int) {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw SocketFailed(call: "socket", number: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && listen(socket, backlog) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard bound else {
            let number = errno
            close(socket)
            throw SocketFailed(call: "bind/listen", number: number)
        }
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A port nothing listens on (the kernel's choice, released at once).
    public static func freePort() throws -> Int {
        let (socket, port) = try listener()
        close(socket)
        return port
    }
}

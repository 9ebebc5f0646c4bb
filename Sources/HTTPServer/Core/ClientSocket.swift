import CMicroHTTPD
import Foundation

/// The socket of a request's connection, for a server that holds its reply back (a fake
/// upstream's hang) and needs to know whether the client is still there: libmicrohttpd does not
/// watch a suspended connection, so it never hears that its client gave up. The kernel does.
///
/// The descriptor is libmicrohttpd's; it stays open while the connection is suspended (a
/// deferred handler running, a streamed body waiting for its next chunk). Checked later, it may
/// be closed or belong to another connection by then: both read as closed, since the peer is
/// compared too.
///
/// ```swift
/// while request.clientSocket?.isClosed == false { try await Task.sleep(for: .milliseconds(50)) }
/// ```
package struct ClientSocket: Sendable, Hashable {
    let descriptor: Int32
    let peer: SocketAddress

    init?(connection: OpaquePointer, peer: SocketAddress?) {
        let descriptor = scout_mhd_connection_socket(connection)
        guard descriptor >= 0, let peer else { return nil }
        self.descriptor = descriptor
        self.peer = peer
    }

    /// Whether the client closed or reset its connection: its FIN is waiting to be read (a
    /// peek reads 0 bytes), the socket reports an error, or the descriptor no longer is a socket
    /// connected to the same peer. Two system calls; never blocks, never consumes data.
    package var isClosed: Bool {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let current = withUnsafeMutablePointer(to: &address) { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                getpeername(descriptor, pointer, &length) == 0 ? SocketAddress(UnsafePointer(pointer)) : nil
            }
        }
        guard current == peer else { return true }
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if count > 0 { return false }
        if count == 0 { return true }
        return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR
    }
}

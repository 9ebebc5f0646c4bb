import CMicroHTTPD
import Foundation

/// Reads request header fields and the peer address out of libmicrohttpd.
enum HeaderReader {
    private final class Collector {
        var headers = HTTPHeaders()
        /// Where libmicrohttpd keeps each field, for ``HeaderLayout``; valid while the request's
        /// head is being handled.
        var fields: [HeaderLayout.Field] = []
    }

    /// The fields of the request's head, as strings and where libmicrohttpd keeps them.
    static func headers(of connection: OpaquePointer) -> (headers: HTTPHeaders, fields: [HeaderLayout.Field]) {
        let collector = Collector()
        // The collector outlives the call: MHD_get_connection_values iterates synchronously.
        let context = Unmanaged.passUnretained(collector).toOpaque()
        MHD_get_connection_values(
            connection, .HEADER_KIND,
            { context, _, key, value in
                guard let context, let key else { return .YES }
                let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
                collector.headers.add(name: String(cString: key), value: value.map { String(cString: $0) } ?? "")
                if let value { collector.fields.append(HeaderLayout.Field(name: key, value: value)) }
                return .YES
            }, context)
        return (collector.headers, collector.fields)
    }
}

extension SocketAddress {
    /// The numeric host and port of an IPv4 or IPv6 socket address.
    init?(_ address: UnsafePointer<sockaddr>?) {
        guard let address else { return nil }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            // Every request reads it, and inet_ntop's sprintf showed in profiles: four numbers.
            let (host, port) = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                (
                    Self.dottedQuad(UInt32(bigEndian: ipv4.pointee.sin_addr.s_addr)),
                    UInt16(bigEndian: ipv4.pointee.sin_port)
                )
            }
            self.init(host: host, port: port)
        case AF_INET6:
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            let (host, port) = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                var addr = ipv6.pointee.sin6_addr
                inet_ntop(AF_INET6, &addr, &text, socklen_t(text.count))
                return (Self.string(text), UInt16(bigEndian: ipv6.pointee.sin6_port))
            }
            self.init(host: host, port: port)
        default:
            return nil
        }
    }

    /// `127.0.0.1` for the address `0x7F000001`, as inet_ntop writes it.
    static func dottedQuad(_ address: UInt32) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(15)
        for shift in stride(from: 24, through: 0, by: -8) {
            let octet = UInt8(truncatingIfNeeded: address >> UInt32(shift))
            if shift != 24 { text.append(UInt8(ascii: ".")) }
            if octet >= 100 { text.append(UInt8(ascii: "0") + octet / 100) }
            if octet >= 10 { text.append(UInt8(ascii: "0") + octet / 10 % 10) }
            text.append(UInt8(ascii: "0") + octet % 10)
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func string(_ cString: [CChar]) -> String {
        String(decoding: cString.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

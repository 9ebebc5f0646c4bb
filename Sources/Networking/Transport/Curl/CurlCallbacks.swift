#if canImport(CCurl)
    import CCurl
    import Foundation

    // The C callbacks of every transfer. Each receives the ``CurlTransfer`` as an unretained
    // pointer: the loop's table of running transfers holds it for as long as its handle is in
    // the multi handle, and curl calls back only from `curl_multi_perform` on the loop thread.

    private func transfer(_ context: UnsafeMutableRawPointer?) -> CurlTransfer? {
        context.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
    }

    /// CURLOPT_WRITEFUNCTION: body bytes, already decoded.
    let curlWriteBody: curl_write_callback = { data, size, count, context in
        guard let transfer = transfer(context) else { return 0 }
        return transfer.receive(body: UnsafeRawBufferPointer(start: data, count: size * count))
    }

    /// CURLOPT_HEADERFUNCTION: one header line at a time, status lines included.
    let curlWriteHeader: curl_write_callback = { data, size, count, context in
        guard let transfer = transfer(context) else { return 0 }
        return transfer.receive(headerLine: UnsafeRawBufferPointer(start: data, count: size * count))
    }

    /// CURLOPT_XFERINFOFUNCTION: non-zero aborts once the wire bytes pass the cap.
    let curlProgress: curl_xferinfo_callback = { context, _, received, _, _ in
        guard let transfer = transfer(context) else { return 1 }
        return transfer.receive(wireBytes: Int(received)) ? 0 : 1
    }

    /// CURLOPT_OPENSOCKETFUNCTION: the connect policy sees every address curl is about to
    /// connect to, after resolution; a refused one gets no socket.
    let curlOpenSocket: curl_opensocket_callback = { context, _, address in
        guard let transfer = transfer(context), let address, let target = ConnectAddress(curl: address),
            transfer.mayConnect(to: target)
        else { return scout_curl_socket_bad() }
        let entry = address.pointee
        return socket(entry.family, entry.socktype | Int32(SOCK_CLOEXEC.rawValue), entry.protocol)
    }

    extension ConnectAddress {
        /// The address curl is about to connect to (AF_INET or AF_INET6). Its `addr` field is
        /// read in place: curl's storage behind it is as large as the family's `sockaddr`, while
        /// a copy of the field would hold only a plain 16-byte `sockaddr`.
        init?(curl entry: UnsafeMutablePointer<curl_sockaddr>) {
            guard let offset = MemoryLayout<curl_sockaddr>.offset(of: \.addr),
                Int(entry.pointee.addrlen) >= MemoryLayout<sockaddr_in>.size
            else { return nil }
            let address = UnsafeRawPointer(entry) + offset
            switch entry.pointee.family {
            case AF_INET:
                let v4 = address.loadUnaligned(as: sockaddr_in.self)
                self.init(IPAddress(v4: v4.sin_addr), port: Int(UInt16(bigEndian: v4.sin_port)))
            case AF_INET6 where Int(entry.pointee.addrlen) >= MemoryLayout<sockaddr_in6>.size:
                let v6 = address.loadUnaligned(as: sockaddr_in6.self)
                self.init(IPAddress(v6: v6.sin6_addr), port: Int(UInt16(bigEndian: v6.sin6_port)))
            default:
                return nil
            }
        }
    }
#endif

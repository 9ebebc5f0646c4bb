#if canImport(CCurl)
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// What a ``CurlTransfer`` needs of a `URLRequest`, read on the caller's thread so the loop
    /// thread never touches Foundation's request type.
    struct CurlRequest: Sendable {
        let url: String
        let method: String
        /// `Name: value` lines, without any carrying CR or LF (they could smuggle headers) and
        /// without `Accept-Encoding`, which curl sets to what it can decode.
        let headerLines: [String]
        let body: Data?
        /// The request's own timeout in milliseconds, a backstop behind the caller's deadline.
        let timeoutMilliseconds: Int?
        let maxBytes: Int
        let followsRedirects: Bool

        init(_ request: URLRequest, maxBytes: Int, followsRedirects: Bool) {
            url = request.url?.absoluteString ?? ""
            method = request.httpMethod?.uppercased() ?? "GET"
            var lines: [String] = []
            for (name, value) in request.allHTTPHeaderFields ?? [:] {
                let line = "\(name): \(value)"
                guard name.lowercased() != "accept-encoding", !line.contains(where: \.isNewline) else { continue }
                lines.append(line)
            }
            // A body goes at once: no "Expect: 100-continue" round trip.
            if request.httpBody != nil { lines.append("Expect:") }
            headerLines = lines
            body = request.httpBody
            let timeout = request.timeoutInterval
            timeoutMilliseconds = timeout.isFinite && timeout > 0 ? Int(min(timeout, 86_400) * 1000) : nil
            self.maxBytes = maxBytes
            self.followsRedirects = followsRedirects
        }
    }
#endif

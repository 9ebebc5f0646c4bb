#if canImport(CCurl)
    import CCurl
    import Foundation
    import ScoutModels
    import Synchronization

    /// One request on a ``CurlLoop``: its easy handle, the body and headers as they arrive, and
    /// the caller waiting for them.
    ///
    /// `@unchecked Sendable`: everything but ``isCancelled`` is touched only on the loop thread
    /// (libcurl's rule for a handle and our rule for its state), after the loop's inbox lock
    /// handed the transfer over; ``isCancelled`` is atomic.
    final class CurlTransfer: @unchecked Sendable {
        typealias Continuation = CheckedContinuation<TransportReply, any Error>

        /// Why the transfer was stopped from a callback, reported instead of curl's own code.
        enum Stop {
            case tooLarge(limit: Int)
        }

        let request: CurlRequest
        let connectPolicy: ConnectPolicy?
        /// Set by the caller's cancellation handler before it tells the loop, so a start that
        /// the loop sees after the cancel still ends at once.
        private let cancelled = Atomic(false)

        // Loop thread only, from here on.
        var easy: UnsafeMutableRawPointer?
        var continuation: Continuation?
        var headers: [String: String] = [:]
        var body = Data()
        var stop: Stop?
        /// The last address the connect policy refused, for the error if no connection opened.
        var refusedAddress: ConnectAddress?
        /// C memory curl reads while the transfer runs; freed in ``release()``.
        var headerList: UnsafeMutablePointer<curl_slist>?
        var resolveList: UnsafeMutablePointer<curl_slist>?
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

        init(request: CurlRequest, connectPolicy: ConnectPolicy?) {
            self.request = request
            self.connectPolicy = connectPolicy
            errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        }

        deinit {
            errorBuffer.deallocate()
        }

        var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

        func markCancelled() { cancelled.store(true, ordering: .releasing) }

        /// Answers the caller, once: later calls do nothing.
        func finish(_ result: Result<TransportReply, any Error>) {
            guard let continuation else { return }
            self.continuation = nil
            continuation.resume(with: result)
        }

        /// Frees the easy handle and the C lists (the handle must be out of the multi handle).
        func release() {
            if let easy { curl_easy_cleanup(easy) }
            easy = nil
            curl_slist_free_all(headerList)
            curl_slist_free_all(resolveList)
            headerList = nil
            resolveList = nil
        }

        // MARK: What curl delivers (called from its callbacks, on the loop thread)

        /// Keeps body bytes; 0 (curl aborts the transfer) once they would pass the byte cap.
        func receive(body bytes: UnsafeRawBufferPointer) -> Int {
            guard body.count + bytes.count <= request.maxBytes else {
                stop = .tooLarge(limit: request.maxBytes)
                return 0
            }
            body.append(contentsOf: bytes)
            return bytes.count
        }

        /// Keeps one header line; 0 (curl aborts) when the headers just ended declare a body over
        /// the byte cap. A status line starts a new response (an interim 1xx or a followed
        /// redirect), whose headers replace the earlier ones'.
        func receive(headerLine bytes: UnsafeRawBufferPointer) -> Int {
            var line = Substring(String(decoding: bytes, as: UTF8.self))
            while line.last?.isNewline == true { line = line.dropLast() }
            if line.hasPrefix("HTTP/") {
                headers = [:]
            } else if line.isEmpty {
                return endOfHeaders() ? bytes.count : 0
            } else if let colon = line.firstIndex(of: ":") {
                let name = TextTrimming.trimmed(String(line[..<colon])).lowercased()
                let value = TextTrimming.trimmed(String(line[line.index(after: colon)...]))
                headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            }
            return bytes.count
        }

        /// Whether the response whose headers just ended may go on.
        private func endOfHeaders() -> Bool {
            var status = 0
            if let easy { _ = scout_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status) }
            if (100..<200).contains(status) { return true }
            if request.followsRedirects, (300..<400).contains(status), headers["location"] != nil { return true }
            guard let declared = headers["content-length"].flatMap({ Int($0) }) else { return true }
            guard declared <= request.maxBytes else {
                stop = .tooLarge(limit: request.maxBytes)
                return false
            }
            body.reserveCapacity(declared)
            return true
        }

        /// Whether the bytes received on the wire (before decoding) stay within the cap; a
        /// compressed body is held to it too.
        func receive(wireBytes: Int) -> Bool {
            guard wireBytes <= request.maxBytes else {
                stop = .tooLarge(limit: request.maxBytes)
                return false
            }
            return true
        }

        /// Whether the connect policy lets a connection to `address` open.
        func mayConnect(to address: ConnectAddress) -> Bool {
            guard let connectPolicy, !connectPolicy.allows(address) else { return true }
            refusedAddress = address
            return false
        }

        /// The outcome of a transfer curl reports done with `code`.
        func outcome(_ code: CURLcode) -> Result<TransportReply, any Error> {
            if case .tooLarge(let limit) = stop { return .failure(TransportError.tooLarge(limit: limit)) }
            guard code == CURLE_OK else {
                if let refusedAddress, code == CURLE_COULDNT_CONNECT {
                    return .failure(TransportError.addressRefused(refusedAddress.description))
                }
                let detail = String(cString: errorBuffer)
                let reason = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
                return .failure(TransportError.failed(code: Int(code.rawValue), reason: reason))
            }
            var status = 0
            if let easy { _ = scout_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status) }
            guard status > 0 else { return .failure(TransportError.notHTTP) }
            return .success(TransportReply(status: status, headers: headers, body: body))
        }
    }
#endif

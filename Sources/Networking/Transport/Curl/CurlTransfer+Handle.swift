#if canImport(CCurl)
    import CCurl
    import Foundation

    extension CurlTransfer {
        /// Why an easy handle could not be set up.
        struct SetupFailure: Error {
            let reason: String
        }

        /// Makes and configures this transfer's easy handle. On the loop thread; on failure
        /// nothing is left allocated but what ``release()`` frees.
        func makeHandle(_ settings: CurlTransport.Configuration) throws(SetupFailure) {
            guard let easy = curl_easy_init() else { throw SetupFailure(reason: "libcurl could not make a handle") }
            self.easy = easy
            let context = Unmanaged.passUnretained(self).toOpaque()
            var options = OptionSetter(easy: easy)
            options.set(CURLOPT_URL, request.url)
            options.set(CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
            options.set(CURLOPT_NOSIGNAL, 1)
            // http and https only, redirects included: no file:, gopher:, dict: ….
            options.set(CURLOPT_PROTOCOLS_STR, "http,https")
            options.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            options.set(CURLOPT_FOLLOWLOCATION, request.followsRedirects ? 1 : 0)
            options.set(CURLOPT_MAXREDIRS, 5)
            // Every encoding this libcurl decodes (gzip, deflate, br, zstd); the cap holds for both
            // what is kept and what crosses the wire.
            options.set(CURLOPT_ACCEPT_ENCODING, "")
            options.set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
            options.set(CURLOPT_TCP_KEEPALIVE, 1)
            options.set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(settings.connectTimeout))
            if let timeout = request.timeoutMilliseconds { options.set(CURLOPT_TIMEOUT_MS, timeout) }
            options.setMethod(request.method, body: request.body)
            headerList = Self.list(request.headerLines)
            options.set(CURLOPT_HTTPHEADER, headerList)
            if !settings.resolve.isEmpty {
                resolveList = Self.list(settings.resolve)
                options.set(CURLOPT_RESOLVE, resolveList)
            }
            options.set(CURLOPT_WRITEFUNCTION, curlWriteBody)
            options.set(CURLOPT_WRITEDATA, context)
            options.set(CURLOPT_HEADERFUNCTION, curlWriteHeader)
            options.set(CURLOPT_HEADERDATA, context)
            options.set(CURLOPT_NOPROGRESS, 0)
            options.check(scout_curl_easy_setopt_xferinfo(easy, curlProgress), CURLOPT_XFERINFOFUNCTION)
            options.set(CURLOPT_XFERINFODATA, context)
            if connectPolicy != nil {
                options.check(scout_curl_easy_setopt_opensocket(easy, curlOpenSocket), CURLOPT_OPENSOCKETFUNCTION)
                options.set(CURLOPT_OPENSOCKETDATA, context)
            }
            // A proxy resolves the name itself, where the connect policy cannot see the address:
            // a transport with a policy connects directly.
            if connectPolicy != nil || !settings.usesEnvironmentProxy { options.set(CURLOPT_PROXY, "") }
            if let failure = options.failure { throw SetupFailure(reason: failure) }
        }

        private static func list(_ lines: [String]) -> UnsafeMutablePointer<curl_slist>? {
            var list: UnsafeMutablePointer<curl_slist>?
            for line in lines {
                // curl_slist_append copies the string; nil means it could not allocate.
                guard let longer = curl_slist_append(list, line) else { continue }
                list = longer
            }
            return list
        }

        private static func milliseconds(_ duration: Duration) -> Int {
            let (seconds, attoseconds) = duration.components
            return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
        }
    }

    /// Sets options on one easy handle and keeps the first failure, so a setup reads as a list.
    private struct OptionSetter {
        let easy: UnsafeMutableRawPointer
        private(set) var failure: String?

        init(easy: UnsafeMutableRawPointer) { self.easy = easy }

        mutating func check(_ code: CURLcode, _ option: CURLoption) {
            guard code != CURLE_OK, failure == nil else { return }
            failure = "libcurl refused option \(option.rawValue): \(String(cString: curl_easy_strerror(code)))"
        }

        mutating func set(_ option: CURLoption, _ value: Int) {
            check(scout_curl_easy_setopt_long(easy, option, value), option)
        }

        mutating func set(_ option: CURLoption, _ value: String) {
            check(scout_curl_easy_setopt_string(easy, option, value), option)
        }

        mutating func set(_ option: CURLoption, _ value: UnsafeMutableRawPointer?) {
            check(scout_curl_easy_setopt_pointer(easy, option, value), option)
        }

        mutating func set(_ option: CURLoption, _ value: UnsafeMutablePointer<curl_slist>?) {
            check(scout_curl_easy_setopt_list(easy, option, value), option)
        }

        mutating func set(_ option: CURLoption, _ callback: curl_write_callback) {
            check(scout_curl_easy_setopt_write(easy, option, callback), option)
        }

        /// GET needs nothing; HEAD asks for no body; others name the method and send the body
        /// (curl copies it, so the Data may go).
        mutating func setMethod(_ method: String, body: Data?) {
            switch method {
            case "GET": break
            case "HEAD": set(CURLOPT_NOBODY, 1)
            case "POST": set(CURLOPT_POST, 1)
            default: set(CURLOPT_CUSTOMREQUEST, method)
            }
            guard let body else { return }
            check(
                scout_curl_easy_setopt_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)),
                CURLOPT_POSTFIELDSIZE_LARGE)
            body.withUnsafeBytes { bytes in
                set(CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            }
        }
    }
#endif

/// A `host:port` to listen on: `127.0.0.1:8080`, `[::1]:8080`, or a bare port on 127.0.0.1.
struct ListenAddress: Equatable, CustomStringConvertible {
    let host: String
    let port: UInt16

    init(_ text: String) throws(UsageError) {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw Self.invalid(text) }
            portText = rest.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        } else {
            host = "127.0.0.1"
            portText = Substring(text)
        }
        guard !host.isEmpty, let port = UInt16(portText) else { throw Self.invalid(text) }
        self.host = String(host)
        self.port = port
    }

    init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    private static func invalid(_ text: String) -> UsageError {
        UsageError("'\(text)' is not an address to listen on; use host:port such as 127.0.0.1:8080")
    }
}

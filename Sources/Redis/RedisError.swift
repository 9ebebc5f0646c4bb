/// Any failure of the Redis module: what kind it is, the server's error code, which command and
/// server it concerns.
///
/// `description` is safe to log: a sentence that says what to do, the command's name (never its
/// arguments), the server's address and error code — never a password or a value. The server's
/// own message can quote arguments (`unknown command 'X', with args beginning with: …`), so it
/// appears only in `debugDescription`, with the password scrubbed from it all the same.
///
/// ```swift
/// do {
///     _ = try await client.send(["GET", "profile"])
/// } catch let error as RedisError where error.kind == .timedOut {
///     print(error)  // The Redis server at 127.0.0.1:6379 did not answer GET within 1 s; …
/// }
/// ```
public struct RedisError: Error, Sendable, Equatable {
    /// What went wrong, grouped for callers that react to it.
    public let kind: Kind
    /// The first word of the server's error reply (`"ERR"`, `"WRONGTYPE"`, `"NOSCRIPT"`), if the
    /// server answered with one.
    public let code: String?
    /// The server's error reply, hiredis's message, or (for `.invalidURL` and `.misuse`) the
    /// sentence itself; it may quote data, so it is only in `debugDescription`.
    public let message: String
    /// The command's name (`"GET"`, `"script lease.acquire"`), never its arguments.
    public let command: String?
    /// The server's `host:port`, never its credentials.
    public let server: String?
    /// The deadline that passed, for `.timedOut` and `.connectTimedOut`.
    public let timeout: Duration?

    /// Makes an error; the module makes these, and tests or fakes may too.
    ///
    /// ```swift
    /// let error = RedisError(kind: .timedOut, message: "Resource temporarily unavailable", command: "GET")
    /// ```
    public init(
        kind: Kind, code: String? = nil, message: String, command: String? = nil, server: String? = nil,
        timeout: Duration? = nil
    ) {
        self.kind = kind
        self.code = code
        self.message = message
        self.command = command
        self.server = server
        self.timeout = timeout
    }

    /// What went wrong, for callers that react to it.
    ///
    /// ```swift
    /// if error.kind.isTransient { /* serve without the shared cache this time */ }
    /// ```
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// The URL is malformed or asks for what this build lacks (TLS).
        case invalidURL
        /// Nothing listens at the host and port (`ECONNREFUSED`).
        case connectionRefused
        /// The host name did not resolve, the network is unreachable, or the socket failed.
        case connectionFailed
        /// The server did not accept the TCP connection within the connect timeout.
        case connectTimedOut
        /// The server did not answer within the command timeout; the connection was closed.
        case timedOut
        /// The server closed the connection (restart, `CLIENT KILL`, `SHUTDOWN`) before answering.
        case connectionClosed
        /// The server refused the password or user (`WRONGPASS`), or wants one (`NOAUTH`).
        case authenticationFailed
        /// The server answered with an error reply; ``RedisError/code`` says which.
        case server
        /// A key holds another type of value than the command works on (`WRONGTYPE`).
        case wrongType
        /// What came back is not a Redis reply (the port is another kind of server).
        case protocolError
        /// The reply is a valid one of another type than the caller expected.
        case unexpectedReply
        /// The API was used wrongly: an empty command, a closed connection.
        case misuse

        /// Whether trying again later may succeed without anyone changing configuration.
        public var isTransient: Bool {
            switch self {
            case .connectionRefused, .connectionFailed, .connectTimedOut, .timedOut, .connectionClosed: true
            case .invalidURL, .authenticationFailed, .server, .wrongType, .protocolError, .unexpectedReply, .misuse:
                false
            }
        }
    }

    /// A URL that cannot be used; `sentence` is what the user reads.
    static func invalidURL(_ sentence: String) -> RedisError { RedisError(kind: .invalidURL, message: sentence) }

    /// A misuse of this module's API; `sentence` is what the user reads.
    static func misuse(_ sentence: String, command: String? = nil) -> RedisError {
        RedisError(kind: .misuse, message: sentence, command: command)
    }

    /// The error for an error reply (`"WRONGTYPE Operation against a key…"`) to `command`.
    static func reply(_ message: String, command: String?, server: String?) -> RedisError {
        let code = message.prefix { !$0.isWhitespace }
        let kind: Kind =
            switch code {
            case "WRONGTYPE": .wrongType
            case "NOAUTH", "WRONGPASS", "NOPERM": .authenticationFailed
            default: .server
            }
        return RedisError(
            kind: kind, code: code.isEmpty ? nil : String(code), message: message, command: command, server: server)
    }

    /// The same error about `command`.
    func about(command: String?) -> RedisError {
        RedisError(kind: kind, code: code, message: message, command: command, server: server, timeout: timeout)
    }
}

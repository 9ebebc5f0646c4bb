extension RedisError {
    /// A sentence for people: what happened and what to do, without data or credentials.
    ///
    /// ```swift
    /// error.sentence  // "Nothing accepts connections at 127.0.0.1:6379: start redis-server there, …"
    /// ```
    public var sentence: String {
        let at = server.map { " at \($0)" } ?? ""
        let name = command ?? "the command"
        let deadline = timeout.map { " within \(Self.format($0))" } ?? " in time"
        switch kind {
        case .invalidURL, .misuse:
            return message
        case .connectionRefused:
            return "Nothing accepts connections\(at): start redis-server there, or fix the host and port "
                + "in the Redis URL."
        case .connectionFailed:
            return "Could not connect to the Redis server\(at): check that the host name resolves and that the "
                + "network reaches it, then retry."
        case .connectTimedOut:
            return "The Redis server\(at) did not accept the connection\(deadline): check the host, the port and "
                + "any firewall, or raise the connect timeout."
        case .timedOut:
            return "The Redis server\(at) did not answer \(name)\(deadline), so the connection was closed and the "
                + "next command opens a new one. Retry, or give slow commands a longer timeout."
        case .connectionClosed:
            return "The Redis server\(at) closed the connection before answering \(name) (a restart or CLIENT KILL?); "
                + "the next command reconnects. Retry it if running it twice is harmless."
        case .authenticationFailed:
            if code == "NOAUTH" {
                return "The Redis server\(at) requires a password: put it in the URL, as in "
                    + "redis://:password@host:6379/0."
            }
            return "The Redis server\(at) refused the user name or password in the URL: check them against "
                + "its requirepass or ACL users."
        case .wrongType:
            return "A key \(name) works on holds another type of value (WRONGTYPE): use another key name, or "
                + "delete the key."
        case .protocolError:
            return "What came back from\(server.map { " \($0)" } ?? " the server") is not a Redis reply, so the "
                + "connection was closed: check that the URL's port is a Redis server's."
        case .unexpectedReply:
            return "Redis answered \(name) with \(message): the command or script returns something this code "
                + "does not expect."
        case .server:
            return serverSentence(at: at, name: name)
        }
    }

    private func serverSentence(at: String, name: String) -> String {
        switch code {
        case "LOADING": "The Redis server\(at) is still loading its data: retry in a few seconds."
        case "BUSY": "The Redis server\(at) is busy running a script: retry shortly, or stop it with SCRIPT KILL."
        case "READONLY": "The Redis server\(at) is a read-only replica: connect to the primary instead."
        case "OOM": "The Redis server\(at) is out of memory (maxmemory): free some, or raise maxmemory."
        case "MISCONF": "The Redis server\(at) cannot save to disk and refuses writes: fix its disk or configuration."
        case "NOSCRIPT": "The Redis server\(at) does not know the script \(name) calls: load it with SCRIPT LOAD."
        default:
            if command == "SELECT" {
                "The Redis server\(at) has no such database: use a number below its `databases` setting in the URL."
            } else {
                "The Redis server\(at) refused \(name)\(code.map { " (\($0))" } ?? ""): check the command and its "
                    + "arguments."
            }
        }
    }

    /// "3 s", "250 ms".
    static func format(_ duration: Duration) -> String {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        let seconds = (milliseconds / 100).rounded() / 10
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}

extension RedisError: CustomStringConvertible, CustomDebugStringConvertible {
    /// A loggable description: the sentence, and for failures below the Redis protocol hiredis's
    /// message ("Connection refused"), which quotes no data.
    ///
    /// ```swift
    /// print(error)  // Nothing accepts connections at 127.0.0.1:6379: … (hiredis: Connection refused)
    /// ```
    public var description: String {
        switch kind {
        case .connectionRefused, .connectionFailed, .connectTimedOut, .timedOut, .connectionClosed, .protocolError:
            "\(sentence) (hiredis: \(message))"
        case .server, .wrongType, .authenticationFailed, .invalidURL, .unexpectedReply, .misuse:
            sentence
        }
    }

    /// The description plus the server's own message, which may quote data (never the password):
    /// for debugging only.
    ///
    /// ```swift
    /// debugPrint(error)  // … Redis said: ERR unknown command 'FROB', with args beginning with: 'x'
    /// ```
    public var debugDescription: String {
        switch kind {
        case .server, .wrongType, .authenticationFailed: "\(description) Redis said: \(message)"
        default: description
        }
    }
}

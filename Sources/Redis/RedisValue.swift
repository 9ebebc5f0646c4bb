/// A Redis reply (RESP2): nil, an integer, a bulk string of bytes, a status, an array, or an
/// error reply inside an array or a pipeline.
///
/// A command's own error reply is thrown as a ``RedisError`` by
/// ``RedisConnection/send(_:timeout:)``; only replies that carry several results — a pipeline,
/// `EXEC`, a script's table — hold `.error` values, so one failure does not hide the others.
///
/// ```swift
/// let value = try await client.send(["GET", "greeting"])
/// if let bytes = value.bytesValue { print(bytes.count) }
/// let count = try await client.send(["INCR", "hits"]).expectInteger()
/// ```
public enum RedisValue: Sendable, Hashable {
    /// No value: a missing key (`$-1`) or a nil array (`*-1`).
    case null
    /// An integer reply (`:42`).
    case integer(Int64)
    /// A bulk string, byte for byte (`$3\r\nabc`).
    case bulk([UInt8])
    /// A status reply (`+OK`, `+PONG`).
    case simple(String)
    /// An array reply; elements may be any value, arrays and errors included.
    case array([RedisValue])
    /// An error reply inside an array or pipeline, whole: `"WRONGTYPE Operation against a key…"`.
    case error(String)

    /// Whether this is `.null`.
    public var isNull: Bool { self == .null }

    /// The integer of an `.integer` reply.
    public var integerValue: Int64? {
        guard case .integer(let value) = self else { return nil }
        return value
    }

    /// The bytes of a `.bulk` reply.
    public var bytesValue: [UInt8]? {
        guard case .bulk(let bytes) = self else { return nil }
        return bytes
    }

    /// The text of a `.simple` reply, or of a `.bulk` reply that is valid UTF-8.
    public var stringValue: String? {
        switch self {
        case .simple(let text): text
        case .bulk(let bytes): String(validating: bytes, as: UTF8.self)
        default: nil
        }
    }

    /// The elements of an `.array` reply.
    public var arrayValue: [RedisValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// The integer of an `.integer` reply; throws `.unexpectedReply` for anything else.
    ///
    /// ```swift
    /// let hits = try await client.send(["INCR", "hits"]).expectInteger()
    /// ```
    public func expectInteger() throws(RedisError) -> Int64 {
        guard let integerValue else { throw unexpected("an integer") }
        return integerValue
    }

    /// The bytes of a `.bulk` reply, `nil` for `.null`; throws `.unexpectedReply` otherwise.
    ///
    /// ```swift
    /// let cached = try await client.send(["GET", key]).expectBytes()  // nil: a miss
    /// ```
    public func expectBytes() throws(RedisError) -> [UInt8]? {
        if case .null = self { return nil }
        guard let bytesValue else { throw unexpected("a bulk string") }
        return bytesValue
    }

    /// The text of a `.simple` or UTF-8 `.bulk` reply; throws `.unexpectedReply` otherwise.
    ///
    /// ```swift
    /// let pong = try await client.send(["PING"]).expectString()  // "PONG"
    /// ```
    public func expectString() throws(RedisError) -> String {
        guard let stringValue else { throw unexpected("text") }
        return stringValue
    }

    /// The elements of an `.array` reply; throws `.unexpectedReply` otherwise.
    ///
    /// ```swift
    /// let members = try await client.send(["SMEMBERS", "tags"]).expectArray()
    /// ```
    public func expectArray() throws(RedisError) -> [RedisValue] {
        guard let arrayValue else { throw unexpected("an array") }
        return arrayValue
    }

    /// The value itself, or the ``RedisError`` an `.error` value stands for (as `send` would throw).
    ///
    /// ```swift
    /// let replies = try await client.pipeline([["INCR", "a"], ["INCR", "b"]])
    /// let a = try replies[0].checked().expectInteger()
    /// ```
    public func checked(command: String? = nil) throws(RedisError) -> RedisValue {
        guard case .error(let message) = self else { return self }
        throw .reply(message, command: command, server: nil)
    }

    /// What this value is, for messages, without its content: "a bulk string of 5 bytes".
    var kindDescription: String {
        switch self {
        case .null: "nil"
        case .integer: "an integer"
        case .bulk(let bytes): "a bulk string of \(bytes.count) bytes"
        case .simple: "a status"
        case .array(let elements): "an array of \(elements.count) elements"
        case .error(let message): "an error reply (\(message.prefix { !$0.isWhitespace }))"
        }
    }

    private func unexpected(_ expected: String) -> RedisError {
        RedisError(kind: .unexpectedReply, message: "\(kindDescription) where \(expected) was expected")
    }
}

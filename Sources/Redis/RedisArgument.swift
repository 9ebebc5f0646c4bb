/// One argument of a Redis command: bytes, sent as they are (binary-safe, NUL bytes included).
///
/// Literals make commands read like `redis-cli`; numbers are sent in decimal, as Redis wants.
/// The description never shows the bytes (an argument may be a password or a user's data).
///
/// ```swift
/// let command: [RedisArgument] = ["SET", "search:\(key)", .bytes(json), "PX", .milliseconds(ttl)]
/// ```
public struct RedisArgument: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation,
    ExpressibleByIntegerLiteral
{
    /// The bytes sent.
    public let bytes: [UInt8]

    /// An argument of these bytes: `RedisArgument(bytes: [0, 1, 2])`.
    public init(bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }

    /// The UTF-8 of `string`: `RedisArgument("GET")`.
    public init(_ string: String) { self.bytes = Array(string.utf8) }

    /// `integer` in decimal: `RedisArgument(42)`.
    public init(_ integer: some BinaryInteger) { self.init(String(integer)) }

    /// A literal string argument: `"GET"`, `"cache:\(key)"`.
    public init(stringLiteral value: String) { self.init(value) }

    /// A literal integer argument: `["EXPIRE", "k", 60]`.
    public init(integerLiteral value: Int) { self.init(value) }

    /// These bytes, as they are: `.bytes(payload)`.
    public static func bytes(_ bytes: some Sequence<UInt8>) -> RedisArgument { RedisArgument(bytes: bytes) }

    /// The UTF-8 of `string`: `.string(query)`.
    public static func string(_ string: String) -> RedisArgument { RedisArgument(string) }

    /// `integer` in decimal: `.integer(count)`.
    public static func integer(_ integer: some BinaryInteger) -> RedisArgument { RedisArgument(integer) }

    /// `number` in a form Lua's `tonumber` reads: `.number(0.25)`.
    public static func number(_ number: Double) -> RedisArgument { RedisArgument("\(number)") }

    /// Whole milliseconds of `duration` (rounded up, so a lease is never shorter than asked), for
    /// `PX` and `PEXPIRE`: `.milliseconds(.seconds(2))` is `2000`.
    public static func milliseconds(_ duration: Duration) -> RedisArgument {
        guard duration > .zero else { return RedisArgument(0) }
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return RedisArgument(milliseconds)
    }

    /// `‹3 bytes›`: the length only.
    public var description: String { "‹\(bytes.count) bytes›" }

    /// The command name for messages: the first argument when it is a word of ASCII letters (`"GET"`,
    /// `"CLIENT"`), otherwise `nil`.
    static func commandName(of command: [RedisArgument]) -> String? {
        guard let first = command.first, (1...32).contains(first.bytes.count),
            first.bytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) || $0 == 95 })
        else { return nil }
        return String(decoding: first.bytes, as: UTF8.self).uppercased()
    }
}

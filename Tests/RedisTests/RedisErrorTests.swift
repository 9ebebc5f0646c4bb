import Testing

@testable import Redis

/// What people read: every kind of ``RedisError`` is a sentence that says what to do, and none
/// shows a password or the data a server message quotes.
@Suite("Redis error sentences", .timeLimit(.minutes(1)))
struct RedisErrorTests {
    static let canary = "pa55-canary"

    static let errors: [RedisError] = [
        RedisError(kind: .connectionRefused, message: "Connection refused", server: "127.0.0.1:6379"),
        RedisError(kind: .connectionFailed, message: "Name or service not known", server: "cache:6379"),
        RedisError(kind: .connectTimedOut, message: "Connection timed out", server: "h:1", timeout: .seconds(2)),
        RedisError(
            kind: .timedOut, message: "Resource temporarily unavailable", command: "GET", server: "h:1",
            timeout: .milliseconds(250)),
        RedisError(kind: .connectionClosed, message: "Server closed the connection", command: "INCR", server: "h:1"),
        RedisError(kind: .protocolError, message: "Protocol error, got \"H\" as reply type byte", server: "h:1"),
        .reply("WRONGPASS invalid username-password pair or user is disabled.", command: "AUTH", server: "h:1"),
        .reply("NOAUTH Authentication required.", command: "GET", server: "h:1"),
        .reply("WRONGTYPE Operation against a key holding the wrong kind of value", command: "GET", server: "h:1"),
        .reply("ERR unknown command 'FROB', with args beginning with: '\(canary)'", command: "FROB", server: "h:1"),
        .reply("ERR DB index is out of range", command: "SELECT", server: "h:1"),
        .reply("LOADING Redis is loading the dataset in memory", command: "GET", server: "h:1"),
        .reply("BUSY Redis is busy running a script.", command: "GET", server: "h:1"),
        .reply("READONLY You can't write against a read only replica.", command: "SET", server: "h:1"),
        .reply("OOM command not allowed when used memory > 'maxmemory'.", command: "SET", server: "h:1"),
        .reply("MISCONF Redis is configured to save RDB snapshots", command: "SET", server: "h:1"),
        .reply("NOSCRIPT No matching script.", command: "EVALSHA", server: "h:1"),
        RedisError(kind: .unexpectedReply, message: "nil where an integer was expected", command: "INCR"),
        .misuse("A Redis command needs at least its name, as in [\"PING\"]."),
        .invalidURL("The Redis URL names no host."),
    ]

    @Test("every error is a sentence with the server and command names and no quoted data")
    func sentences() {
        for error in Self.errors {
            let sentence = error.sentence
            #expect(sentence.first?.isUppercase == true && sentence.hasSuffix("."), "\(sentence)")
            #expect(!error.description.contains(Self.canary) && !sentence.contains("RedisError"))
            if let server = error.server, error.kind != .wrongType {
                #expect(sentence.contains(server), "\(sentence)")
            }
            if let command = error.command, error.kind != .wrongType, error.kind != .authenticationFailed,
                error.kind != .server
            {
                #expect(sentence.contains(command), "\(sentence)")
            }
        }
        #expect(Set(Self.errors.map(\.sentence)).count == Self.errors.count)  // each says something of its own
    }

    @Test("the server's own message is in debugDescription only")
    func debugDescriptionHoldsTheMessage() throws {
        let error = try #require(Self.errors.first { $0.message.contains(Self.canary) })
        #expect(error.kind == .server && error.code == "ERR")
        #expect(!error.description.contains(Self.canary) && error.debugDescription.contains(Self.canary))
    }

    @Test("reply codes pick the kind")
    func kinds() {
        #expect(RedisError.reply("WRONGTYPE x", command: nil, server: nil).kind == .wrongType)
        #expect(RedisError.reply("NOAUTH x", command: nil, server: nil).kind == .authenticationFailed)
        #expect(RedisError.reply("WRONGPASS x", command: nil, server: nil).kind == .authenticationFailed)
        #expect(RedisError.reply("ERR x", command: nil, server: nil).kind == .server)
        #expect(RedisError.reply("", command: nil, server: nil).code == nil)
        #expect(RedisError.Kind.timedOut.isTransient && !RedisError.Kind.authenticationFailed.isTransient)
        #expect(RedisError.format(.milliseconds(250)) == "250 ms" && RedisError.format(.seconds(2)) == "2 s")
        #expect(RedisError.format(.milliseconds(1500)) == "1.5 s")
    }

    @Test("arguments never describe their bytes; command names are taken only from words")
    func arguments() {
        #expect(RedisArgument("s3cret").description == "‹6 bytes›")
        #expect(RedisArgument.commandName(of: ["get", "k"]) == "GET")
        #expect(RedisArgument.commandName(of: [.bytes([0, 1])]) == nil)
        #expect(RedisArgument.commandName(of: ["two words"]) == nil)
        #expect(RedisArgument.commandName(of: []) == nil)
        #expect(RedisArgument.milliseconds(.microseconds(1_500)) == "2")
        #expect(RedisArgument.milliseconds(.seconds(-1)) == "0")
        #expect(RedisArgument(42) == "42" && RedisArgument.number(0.25) == "0.25")
        let interpolated: RedisArgument = "key:\(7)"
        #expect(interpolated.bytes == Array("key:7".utf8))
    }
}

import Testing

@testable import Redis

/// RESP2 bytes through hiredis's own reader into ``RedisValue``, without a server: every reply
/// type, binary content, nesting, and bytes that are not RESP.
@Suite("Redis reply decoding", .timeLimit(.minutes(1)))
struct RedisReplyDecodingTests {
    static func decode(_ text: String) throws -> [RedisValue] { try RedisReplyDecoder.decode(Array(text.utf8)) }

    @Test(
        "every reply type decodes",
        arguments: [
            ("$-1\r\n", RedisValue.null),
            ("*-1\r\n", .null),
            (":0\r\n", .integer(0)),
            (":-42\r\n", .integer(-42)),
            (":9223372036854775807\r\n", .integer(.max)),
            ("$0\r\n\r\n", .bulk([])),
            ("$5\r\nhello\r\n", .bulk(Array("hello".utf8))),
            ("+OK\r\n", .simple("OK")),
            ("+\r\n", .simple("")),
            ("-ERR unknown command 'X'\r\n", .error("ERR unknown command 'X'")),
            ("*0\r\n", .array([])),
            (
                "*3\r\n:1\r\n$-1\r\n*2\r\n+a\r\n-WRONGTYPE b\r\n",
                .array([.integer(1), .null, .array([.simple("a"), .error("WRONGTYPE b")])])
            ),
        ] as [(String, RedisValue)])
    func decodes(bytes: String, value: RedisValue) throws {
        #expect(try Self.decode(bytes) == [value])
    }

    @Test("bulk strings are binary-safe: NUL, CR LF, invalid UTF-8 and 1 MiB come back byte for byte")
    func binarySafe() throws {
        let awkward: [UInt8] = [0, 13, 10, 0xFF, 0xFE, 0, 36, 45, 13, 10]
        let large = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ ($0 >> 9)) }
        for payload in [awkward, large] {
            let frame = Array("$\(payload.count)\r\n".utf8) + payload + [13, 10]
            let values = try RedisReplyDecoder.decode(frame + frame)
            #expect(values == [.bulk(payload), .bulk(payload)])
            #expect(values[0].bytesValue == payload)
        }
        #expect(RedisValue.bulk(awkward).stringValue == nil)  // not UTF-8
        #expect(RedisValue.bulk(Array("東京".utf8)).stringValue == "東京")
    }

    @Test("a reply cut short is not returned until it is complete")
    func incomplete() throws {
        #expect(try Self.decode("+OK\r\n$10\r\nhel") == [.simple("OK")])
        #expect(try Self.decode("*2\r\n:1\r\n") == [])
    }

    @Test(
        "bytes that are not RESP throw .protocolError",
        arguments: ["HTTP/1.1 400 Bad Request\r\n\r\n", "?\r\n", "hello\r\n", "\r\n", "+OK\r\n<html>"])
    func rejects(bytes: String) throws {
        let error = try #require(throws: RedisError.self) { try Self.decode(bytes) }
        #expect(error.kind == .protocolError && !error.message.isEmpty)
        #expect(error.sentence.contains("not a Redis reply"))
    }

    @Test("typed accessors return the value or throw .unexpectedReply naming what came instead")
    func accessors() throws {
        #expect(try RedisValue.integer(7).expectInteger() == 7)
        #expect(try RedisValue.bulk([1, 2]).expectBytes() == [1, 2])
        #expect(try RedisValue.null.expectBytes() == nil)
        #expect(try RedisValue.simple("PONG").expectString() == "PONG")
        #expect(try RedisValue.array([.null]).expectArray() == [.null])
        #expect(RedisValue.null.isNull && !RedisValue.integer(0).isNull)
        let cases: [(RedisValue, (RedisValue) throws -> Void)] = [
            (.bulk([1, 2, 3]), { _ = try $0.expectInteger() }),
            (.integer(1), { _ = try $0.expectBytes() }),
            (.bulk([0xFF]), { _ = try $0.expectString() }),
            (.simple("OK"), { _ = try $0.expectArray() }),
        ]
        for (value, access) in cases {
            let error = try #require(throws: RedisError.self) { try access(value) }
            #expect(error.kind == .unexpectedReply)
            #expect(error.sentence.hasPrefix("Redis answered the command with "))
        }
        let error = try #require(throws: RedisError.self) { try RedisValue.bulk(Array("secret".utf8)).expectInteger() }
        #expect(error.message == "a bulk string of 6 bytes where an integer was expected")
        #expect(!error.debugDescription.contains("secret"))
    }

    @Test("an .error value turns into the RedisError send would throw")
    func checked() throws {
        #expect(try RedisValue.integer(1).checked() == .integer(1))
        let wrongType = try #require(throws: RedisError.self) {
            try RedisValue.error("WRONGTYPE Operation against a key holding the wrong kind of value").checked(
                command: "GET")
        }
        #expect(wrongType.kind == .wrongType && wrongType.code == "WRONGTYPE" && wrongType.command == "GET")
        let other = try #require(throws: RedisError.self) { try RedisValue.error("BUSYKEY x").checked() }
        #expect(other.kind == .server && other.code == "BUSYKEY")
    }
}

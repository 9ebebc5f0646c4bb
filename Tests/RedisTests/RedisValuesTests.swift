import Foundation
import Redis
import ScoutTestSupport
import Testing

/// Every reply type against the real server, with values that break text-based clients: NUL
/// bytes, CR LF, invalid UTF-8, binary keys and 1 MiB payloads, through commands, pipelines and
/// scripts alike.
@Suite(
    "Redis values round-trip", .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)),
    .timeLimit(.minutes(2)))
struct RedisValuesTests {
    let client: RedisClient
    let prefix = TestRedisServer.keyPrefix()

    init() throws {
        client = RedisClient(
            url: try TestRedisServer.url(), connections: 2, configuration: TestRedisServer.configuration())
    }

    /// Payloads from empty to 1 MiB, every byte value included.
    static let payloads: [[UInt8]] = [
        [], [0], [0, 0, 0], [13, 10], Array("$5\r\n-ERR *1\r\n".utf8), [0xFF, 0xFE, 0xC0, 0x80], Array(0...255),
        (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) },
    ]

    func key(_ name: String) -> RedisArgument { .string(prefix + name) }

    @Test("nil, integers and statuses")
    func scalars() async throws {
        #expect(try await client.send(["GET", key("missing")]) == .null)
        #expect(try await client.send(["PING"]) == .simple("PONG"))
        #expect(try await client.send(["SET", key("n"), "-7"]) == .simple("OK"))
        #expect(try await client.send(["INCRBY", key("n"), -9_223_372_036_854_775_801]) == .integer(.min))
        #expect(try await client.send(["SET", key("n"), .integer(Int64.max - 1)]) == .simple("OK"))
        #expect(try await client.send(["INCR", key("n")]).expectInteger() == .max)
        #expect(try await client.send(["ECHO", "東京 🙂"]).expectString() == "東京 🙂")
    }

    @Test("bulk values and binary keys come back byte for byte, up to 1 MiB")
    func bulk() async throws {
        for (index, payload) in Self.payloads.enumerated() {
            let binaryKey = RedisArgument(bytes: Array(prefix.utf8) + [0, 13, 10, UInt8(index), 0xFF])
            #expect(try await client.send(["SET", binaryKey, .bytes(payload)]) == .simple("OK"))
            #expect(try await client.send(["GET", binaryKey]) == .bulk(payload))
            #expect(try await client.send(["STRLEN", binaryKey]) == .integer(Int64(payload.count)))
        }
        let large = try #require(Self.payloads.last)
        try await client.set(prefix + "large", large, expiresIn: .seconds(60))
        #expect(try await client.get(prefix + "large") == large)
        #expect(try await client.send(["PTTL", key("large")]).expectInteger() > 50_000)
        #expect(try await client.delete([prefix + "large", prefix + "absent"]) == 1)
        #expect(try await client.get(prefix + "large") == nil)
    }

    @Test("arrays, nested arrays, nil elements and error elements")
    func arrays() async throws {
        let payloads = Self.payloads
        _ = try await client.send(["RPUSH", key("list")] + payloads.map { .bytes($0) })
        #expect(try await client.send(["LRANGE", key("list"), 0, -1]) == .array(payloads.map { .bulk($0) }))
        #expect(try await client.send(["LRANGE", key("absent"), 0, -1]) == .array([]))

        let script = RedisScript(
            name: "shapes",
            source: "return {1, ARGV[1], {2, false, {ARGV[2]}}, redis.error_reply('MYERR nested'), {}}")
        let reply = try await client.evaluate(script, arguments: [.bytes(payloads[5]), .bytes(payloads[7])])
        #expect(
            reply
                == .array([
                    .integer(1), .bulk(payloads[5]), .array([.integer(2), .null, .array([.bulk(payloads[7])])]),
                    .error("MYERR nested"), .array([]),
                ]))
        let replies = try await client.pipeline([
            ["SET", key("s"), "x"], ["LPUSH", key("s"), "y"], ["GET", key("s")],
        ])
        #expect(replies[0] == .simple("OK") && replies[2] == .bulk(Array("x".utf8)))
        guard case .error(let message) = replies[1] else {
            Issue.record("expected an error element, got \(replies[1])")
            return
        }
        #expect(message.hasPrefix("WRONGTYPE"))
    }
}

import Foundation
import Redis
import ScoutTestSupport
import Testing

/// Lua scripts: named by a SHA-1 the server agrees with, re-sent after `NOSCRIPT`, and — the
/// point of them — read-check-writes that stay correct with 50 concurrent callers on 4
/// connections.
@Suite(
    "Redis Lua scripts", .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)),
    .timeLimit(.minutes(2)))
struct RedisScriptTests {
    let client: RedisClient
    let prefix = TestRedisServer.keyPrefix()

    init() throws {
        client = RedisClient(
            url: try TestRedisServer.url(), connections: 4, configuration: TestRedisServer.configuration())
    }

    @Test("the SHA-1 computed here is the one SCRIPT LOAD returns")
    func sha1MatchesTheServer() async throws {
        let custom = RedisScript(name: "custom", source: "-- é\nreturn {KEYS[1], ARGV[1]}\n")
        for script in [RedisScript.acquireLease, .releaseLease, .takeTokens, custom] {
            #expect(try await client.send(["SCRIPT", "LOAD", .string(script.source)]).stringValue == script.sha1)
        }
    }

    @Test("a script the server does not know is sent once with EVAL, then run by its SHA-1")
    func noScriptFallback() async throws {
        let connection = RedisConnection(url: try TestRedisServer.url(), configuration: TestRedisServer.configuration())
        let script = RedisScript(name: "echo", source: "return {KEYS[1], ARGV[1], '\(UUID().uuidString)'}")
        #expect(try await connection.send(["SCRIPT", "EXISTS", .string(script.sha1)]) == .array([.integer(0)]))
        for _ in 0..<3 {
            let reply = try await connection.evaluate(script, keys: ["k"], arguments: [.bytes([0, 1])]).expectArray()
            #expect(reply.prefix(2) == [.bulk(Array("k".utf8)), .bulk([0, 1])])
        }
        #expect(await connection.statistics.scriptsSent == 1)
        #expect(try await connection.send(["SCRIPT", "EXISTS", .string(script.sha1)]) == .array([.integer(1)]))
    }

    @Test("a script's error reply and a script that fails are thrown, naming the script")
    func scriptErrors() async throws {
        let invalid = try await #require(throws: RedisError.self) {
            try await client.evaluate(.takeTokens, keys: [.string(prefix + "b")], arguments: ["ten", 1, 1])
        }
        #expect(invalid.kind == .server && invalid.code == "ERR" && invalid.command == "script bucket.take")
        #expect(invalid.debugDescription.contains("bucket.take wants a capacity"))
        let broken = RedisScript(name: "broken", source: "return undefined_global.x")
        let failed = try await #require(throws: RedisError.self) { try await client.evaluate(broken) }
        #expect(failed.kind == .server && failed.sentence.contains("script broken"))
        let syntax = RedisScript(name: "syntax", source: "return {")
        await #expect(throws: RedisError.self) { try await client.evaluate(syntax) }
    }

    @Test("a lease goes to exactly one of 50 concurrent callers, round after round")
    func leaseUnderConcurrency() async throws {
        for round in 0..<10 {
            let lease = RedisArgument.string("\(prefix)lease:\(round)")
            let outcomes = try await withThrowingTaskGroup(of: (String, [RedisValue]).self) { group in
                for caller in 0..<50 {
                    group.addTask {
                        let token = "caller-\(caller)"
                        let reply = try await client.evaluate(
                            .acquireLease, keys: [lease], arguments: [.string(token), .milliseconds(.seconds(30))])
                        return (token, try reply.expectArray())
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let winners = outcomes.filter { $0.1.first == .integer(1) }
            try #require(winners.count == 1, "round \(round): \(winners.count) callers took the lease")
            let holder = winners[0].0
            for (token, reply) in outcomes where token != holder {
                #expect(reply.first == .integer(0))
                let remaining = try #require(reply.last?.integerValue)
                #expect(remaining > 0 && remaining <= 30_000)
            }
            #expect(try await client.send(["GET", lease]).stringValue == holder)
            // Only the holder can renew or release it.
            #expect(try await client.evaluate(.releaseLease, keys: [lease], arguments: ["caller-x"]) == .integer(0))
            let renewed = try await client.evaluate(.acquireLease, keys: [lease], arguments: [.string(holder), 60_000])
            #expect(renewed == .array([.integer(1), .integer(60_000)]))
            #expect(
                try await client.evaluate(.releaseLease, keys: [lease], arguments: [.string(holder)]) == .integer(1))
            #expect(try await client.send(["EXISTS", lease]) == .integer(0))
        }
    }

    @Test("a lease expires: after its milliseconds another caller takes it")
    func leaseExpires() async throws {
        let lease = RedisArgument.string(prefix + "short")
        let first = try await client.evaluate(.acquireLease, keys: [lease], arguments: ["a", 1]).expectArray()
        #expect(first.first == .integer(1))
        // PX 1: the key is gone within a few ms; PTTL says so without the test sleeping on a guess.
        var taken = false
        for _ in 0..<1_000 where !taken {
            let reply = try await client.evaluate(.acquireLease, keys: [lease], arguments: ["b", 30_000]).expectArray()
            taken = reply.first == .integer(1)
        }
        #expect(taken)
        #expect(try await client.send(["GET", lease]).stringValue == "b")
    }

    @Test("a token bucket of 10 grants exactly 10 of 50 concurrent takes, each leaving a distinct count")
    func tokenBucketUnderConcurrency() async throws {
        for round in 0..<5 {
            let bucket = RedisArgument.string("\(prefix)bucket:\(round)")
            // Capacity 10, refilling one token per 1,000 s: nothing refills during the test.
            let replies = try await withThrowingTaskGroup(of: [RedisValue].self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        try await client.evaluate(.takeTokens, keys: [bucket], arguments: [10, .number(0.001), 1])
                            .expectArray()
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let granted = replies.filter { $0.first == .integer(1) }
            try #require(granted.count == 10, "round \(round): \(granted.count) takes granted")
            // Each granted take saw the bucket one token emptier: 9, 8, …, 0, each exactly once.
            #expect(granted.compactMap { $0[1].integerValue }.sorted() == Array(0...9))
            for reply in replies where reply.first == .integer(0) {
                #expect(reply[1] == .integer(0))
                let wait = try #require(reply[2].integerValue)
                #expect(wait > 900_000 && wait <= 1_000_000)  // ~1,000 s for the next token
            }
            let ttl = try await client.send(["PTTL", bucket]).expectInteger()
            #expect(ttl > 9_000_000)  // expires once it would be full again
        }
    }

    @Test("a token bucket refills with time and takes several tokens at once")
    func tokenBucketRefills() async throws {
        let bucket = RedisArgument.string(prefix + "fast")
        // 1,000 tokens per second: a token per millisecond.
        let full = try await client.evaluate(.takeTokens, keys: [bucket], arguments: [5, 1_000, 5]).expectArray()
        #expect(full.first == .integer(1) && full[1] == .integer(0))
        var refilled = false
        for _ in 0..<1_000 where !refilled {
            let reply = try await client.evaluate(.takeTokens, keys: [bucket], arguments: [5, 1_000, 3]).expectArray()
            refilled = reply.first == .integer(1)
            if !refilled { #expect(try #require(reply[2].integerValue) <= 3) }
        }
        #expect(refilled)
        let tooMany = try await client.evaluate(.takeTokens, keys: [bucket], arguments: [5, 1_000, 50]).expectArray()
        #expect(tooMany.first == .integer(0))
    }

    @Test("a token bucket takes up to a count of takes at once, as many as it holds")
    func tokenBucketReserves() async throws {
        let bucket = RedisArgument.string(prefix + "reserve")
        // 0.001 tokens a second: nothing refills while the test runs.
        let four = try await client.evaluate(.takeTokens, keys: [bucket], arguments: [10, .number(0.001), 1, 4])
            .expectArray()
        #expect(four.first == .integer(4) && four[1] == .integer(6))
        let rest = try await client.evaluate(.takeTokens, keys: [bucket], arguments: [10, .number(0.001), 1, 16])
            .expectArray()
        #expect(rest.first == .integer(6) && rest[1] == .integer(0))
        let none = try await client.evaluate(.takeTokens, keys: [bucket], arguments: [10, .number(0.001), 1, 16])
            .expectArray()
        #expect(none.first == .integer(0))
        await #expect(throws: RedisError.self) {
            try await client.evaluate(.takeTokens, keys: [bucket], arguments: [10, 1, 1, 0])
        }
    }
}

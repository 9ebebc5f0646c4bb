import Foundation
import Redis
import ScoutTestSupport
import Testing

/// Pipelining: many commands, one write and one read, measured by the server's own count of
/// socket reads on a private server nothing else talks to.
@Suite(
    "Redis pipelining", .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)),
    .timeLimit(.minutes(2)))
struct RedisPipelineTests {
    /// The server's `total_reads_processed`: how many reads from client sockets it has made.
    static func reads(_ connection: RedisConnection) async throws -> Int {
        let info = try await connection.send(["INFO", "stats"]).expectString()
        let line = try #require(
            info.split(whereSeparator: \.isNewline).first { $0.hasPrefix("total_reads_processed:") })
        return try #require(Int(line.dropFirst("total_reads_processed:".count)))
    }

    @Test("1,000 commands go in one round trip: the server reads them in a few reads, not 1,000")
    func oneRoundTrip() async throws {
        try await PrivateRedisServer.with { server in
            let connection = RedisConnection(url: server.url, configuration: TestRedisServer.configuration())
            let before = try await Self.reads(connection)
            let replies = try await connection.pipeline((0..<1_000).map { _ in ["INCR", "counter"] })
            let pipelined = try await Self.reads(connection) - before
            #expect(replies == (1...1_000).map { .integer(Int64($0)) })
            // ~25 KB of commands: the server reads them 16 KB at a time (plus the INFO after).
            #expect(pipelined <= 10, "the server made \(pipelined) reads for one pipeline")

            let start = try await Self.reads(connection)
            for _ in 0..<1_000 { _ = try await connection.send(["INCR", "counter"]) }
            let oneByOne = try await Self.reads(connection) - start
            #expect(oneByOne >= 1_000, "one command per round trip makes a read each (\(oneByOne))")
            #expect(try await connection.send(["GET", "counter"]).stringValue == "2000")
        }
    }

    @Test("pipelines from concurrent callers on one connection never interleave")
    func concurrentPipelines() async throws {
        let connection = RedisConnection(url: try TestRedisServer.url(), configuration: TestRedisServer.configuration())
        let prefix = TestRedisServer.keyPrefix()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for caller in 0..<20 {
                group.addTask {
                    let key = RedisArgument.string("\(prefix)\(caller)")
                    let replies = try await connection.pipeline((0..<100).map { _ in ["INCR", key] })
                    #expect(replies == (1...100).map { .integer(Int64($0)) })
                }
            }
            try await group.waitForAll()
        }
        #expect(await connection.statistics.connects == 1)
    }

    @Test("an empty pipeline sends nothing; an empty command is a misuse")
    func edges() async throws {
        let connection = RedisConnection(url: try TestRedisServer.url(), configuration: TestRedisServer.configuration())
        #expect(try await connection.pipeline([]) == [])
        #expect(await connection.statistics.connects == 0)
        let error = try await #require(throws: RedisError.self) { try await connection.pipeline([["PING"], []]) }
        #expect(error.kind == .misuse && error.sentence.contains("at least its name"))
        let single = try await #require(throws: RedisError.self) { try await connection.send([]) }
        #expect(single.kind == .misuse)
        #expect(await connection.statistics.connects == 0)
    }
}

import Foundation
import Networking
import Redis
import ScoutTestSupport
import Testing

@testable import ScoutServer

/// The fleet's size is the count of live instances' heartbeats in Redis, written on a timer
/// whatever the traffic: right before any upstream call, shrinking when an instance dies, and
/// what an instance divides each host's budget by when Redis stops answering.
@Suite(
    "Fleet: heartbeats and the fleet's size", .timeLimit(.minutes(2)),
    .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)))
struct FleetHeartbeatTests {
    @Test("three idle instances are a fleet of three in Redis, the key expiring with the last of them")
    func heartbeatsWithoutTraffic() async throws {
        let redis = try FleetRedis.client()
        defer { Task { await redis.close() } }
        try await withFleet(
            pages: FleetRedis.pages, redis: try FleetRedis.url(),
            configure: { $0.fleet.heartbeatInterval = .milliseconds(100) }
        ) { fake, _, prefix in
            let key = RedisArgument.string(prefix + "fleet:instances")
            let counted = try await eventually(pollingEvery: .milliseconds(20)) {
                try await redis.send(["ZCARD", key]).integerValue == 3
            }
            #expect(counted, "three heartbeats, with no request made")
            let lifetime = try #require(try await redis.send(["PTTL", key]).integerValue)
            #expect(lifetime > 0 && lifetime <= 1_000, "the set expires 2 × 5 heartbeats after the last one")
            #expect(fake.requests.isEmpty)
        }
    }

    @Test("an instance that stops beating leaves the others' fleet size within five heartbeats")
    func deadInstanceLeaves() async throws {
        let url = try FleetRedis.url()
        let prefix = "scout-test:\(UUID().uuidString):"
        let survivors = [FleetRedis.state(url, prefix: prefix), FleetRedis.state(url, prefix: prefix)]
        var doomed: RedisFleetState? = FleetRedis.state(url, prefix: prefix)
        #expect(
            await eventually(pollingEvery: .milliseconds(20)) {
                survivors.allSatisfy { $0.fleetSize == 3 } && doomed?.fleetSize == 3
            })
        let client = doomed?.client
        doomed = nil  // its heartbeat task ends with it, as with kill -9
        #expect(await eventually(pollingEvery: .milliseconds(20)) { survivors.allSatisfy { $0.fleetSize == 2 } })
        for state in survivors { await state.client.close() }
        await client?.close()
    }

    @Test("with Redis stopped, each of three instances keeps to the third of a host's slots the heartbeats showed")
    func shareFromHeartbeats() async throws {
        try await PrivateRedisServer.with { server in
            let prefix = "scout:"
            let fleet = (0..<3).map { _ in FleetRedis.state(server.url, prefix: prefix) }
            #expect(await eventually(pollingEvery: .milliseconds(20)) { fleet.allSatisfy { $0.fleetSize == 3 } })
            await server.stop()
            let first = await fleet[0].acquire(host: "w", policy: .wikimedia, lease: .seconds(5))
            guard case .granted(let slot) = first else {
                Issue.record("the instance's one slot is granted without Redis: \(first)")
                return
            }
            #expect(slot.hasPrefix("local:"))
            #expect(
                await fleet[0].acquire(host: "w", policy: .wikimedia, lease: .seconds(5))
                    == .busy(retryIn: .milliseconds(20)))
            await fleet[0].release(host: "w", slot: slot)
            if case .granted = await fleet[0].acquire(host: "w", policy: .wikimedia, lease: .seconds(5)) {
            } else {
                Issue.record("the slot given back is granted again")
            }
            #expect(fleet[0].fleetSize == 3, "the size last seen holds while Redis is away")
            for state in fleet { await state.client.close() }
        }
    }
}

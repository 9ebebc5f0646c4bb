import Networking
import Testing

@testable import ScoutServer

/// What one instance may send a host while Redis does not answer: its share of the fleet's
/// slots, rate and burst, never less than one call at a time.
@Suite("Fleet: an instance's share of a host's budget without Redis", .timeLimit(.minutes(1)))
struct LocalHostShareTests {
    private static func isGranted(_ decision: SharedBudgetDecision) -> Bool {
        if case .granted = decision { return true }
        return false
    }

    @Test("one of three instances: 1 of Wikimedia's 3 slots, then busy until it is given back")
    func slots() {
        var share = LocalHostShare()
        #expect(Self.isGranted(share.take(host: "w", policy: .wikimedia, fleetSize: 3, now: .zero)))
        #expect(
            share.take(host: "w", policy: .wikimedia, fleetSize: 3, now: .zero) == .busy(retryIn: .milliseconds(20)))
        #expect(share.inFlight(on: "w") == 1)
        share.release(host: "w")
        #expect(Self.isGranted(share.take(host: "w", policy: .wikimedia, fleetSize: 3, now: .zero)))
        // Alone, all 3; another host has a share of its own.
        var alone = LocalHostShare()
        for _ in 0..<3 { #expect(Self.isGranted(alone.take(host: "w", policy: .wikimedia, fleetSize: 1, now: .zero))) }
        #expect(!Self.isGranted(alone.take(host: "w", policy: .wikimedia, fleetSize: 1, now: .zero)))
        #expect(Self.isGranted(alone.take(host: "other", policy: .wikimedia, fleetSize: 1, now: .zero)))
    }

    @Test("one of three instances: a third of the burst, then a third of the rate")
    func rate() {
        // 3 slots, 9 calls a second with bursts of 9: a third is 3 back to back, then one each 1/3 s.
        let policy = HostPolicy(maxConcurrent: 30, requestsPerSecond: 9, burst: 9)
        var share = LocalHostShare()
        for _ in 0..<3 { #expect(Self.isGranted(share.take(host: "w", policy: policy, fleetSize: 3, now: .zero))) }
        guard case .overRate(let wait) = share.take(host: "w", policy: policy, fleetSize: 3, now: .zero) else {
            Issue.record("a fourth call at once is over the share's rate")
            return
        }
        #expect(wait > .milliseconds(330) && wait <= .milliseconds(334))
        #expect(!Self.isGranted(share.take(host: "w", policy: policy, fleetSize: 3, now: .milliseconds(300))))
        #expect(Self.isGranted(share.take(host: "w", policy: policy, fleetSize: 3, now: .milliseconds(340))))
        // A minute of calls as fast as allowed: 3 + 60 × 3, not the fleet's 9 + 60 × 9.
        var granted = 0
        for step in 0...6_000 {
            if Self.isGranted(share.take(host: "x", policy: policy, fleetSize: 3, now: .milliseconds(step * 10))) {
                granted += 1
                share.release(host: "x")
            }
        }
        #expect((182...183).contains(granted))
    }

    @Test("a call Redis granted, still under way when Redis fails, takes the share's slot")
    func sharedCallsCount() {
        var share = LocalHostShare()
        share.noteShared(host: "w", policy: .wikimedia, now: .zero)
        #expect(
            share.take(host: "w", policy: .wikimedia, fleetSize: 3, now: .zero) == .busy(retryIn: .milliseconds(20)))
        share.release(host: "w")
        #expect(Self.isGranted(share.take(host: "w", policy: .wikimedia, fleetSize: 3, now: .zero)))
    }
}

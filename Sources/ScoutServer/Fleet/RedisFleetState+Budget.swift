import Foundation
import Networking
import Redis
import Synchronization

extension RedisFleetState {
    func acquire(host: String, policy: HostPolicy, lease: Duration) async -> SharedBudgetDecision {
        let slot = UUID().uuidString
        let base = prefix + "budget:" + host
        do {
            let reply = try await client.evaluate(
                FleetScripts.acquireSlot,
                keys: [
                    .string(base + ":slots"), .string(base + ":tokens"), .string(base + ":window"),
                ],
                arguments: [
                    .string(slot), .milliseconds(min(lease, slotLease)), .integer(policy.maxConcurrent),
                    .integer(policy.burst),
                    .number(policy.requestsPerSecond),
                ]
            ).expectArray()
            recovered()
            guard reply.count == 3 else { return localSlot(host: host, policy: policy) }
            let wait = Duration.milliseconds(max(1, reply[1].integerValue ?? 1))
            switch reply[0].integerValue {
            case 0:
                let now = elapsed()
                localShare.withLock { $0.noteShared(host: host, policy: policy, now: now) }
                keepRenewing(slot, in: base + ":slots", until: now + lease)
                return .granted(slot: slot)
            case 1: return .busy(retryIn: wait)
            case 2: return .overRate(retryIn: wait)
            default:
                let reason = reply[2].stringValue.flatMap(SharedBudgetDecision.BlockReason.init) ?? .retryAfter
                return .blocked(remaining: wait, reason: reason)
            }
        } catch {
            failed(error)
            return localSlot(host: host, policy: policy)
        }
    }

    func release(host: String, slot: String) async {
        localShare.withLock { $0.release(host: host) }
        guard !slot.hasPrefix("local:") else { return }
        renewals.withLock { $0.removeValue(forKey: slot) }?.cancel()
        // If Redis does not answer, the slot's lease expires by itself.
        await finishing { [self] in
            _ = try await client.send(["ZREM", .string(prefix + "budget:" + host + ":slots"), .string(slot)])
        }
    }

    func block(host: String, for duration: Duration, reason: SharedBudgetDecision.BlockReason) async {
        // If Redis does not answer, this instance's own budget keeps the window.
        await finishing { [self] in
            _ = try await client.evaluate(
                FleetScripts.block, keys: [.string(prefix + "budget:" + host + ":window")],
                arguments: [.string(reason.rawValue), .milliseconds(duration)])
        }
    }

    /// While Redis does not answer: a call within this instance's share of the host's budget.
    private func localSlot(host: String, policy: HostPolicy) -> SharedBudgetDecision {
        let size = fleetSize
        let now = elapsed()
        return localShare.withLock { $0.take(host: host, policy: policy, fleetSize: size, now: now) }
    }

    /// Renews `slot` every third of ``slotLease`` until it is given back, Redis no longer has
    /// it, or renewing would keep it past `limit` (the lease its call asked for: a call that
    /// hangs does not hold its slot for ever).
    private func keepRenewing(_ slot: String, in key: String, until limit: Duration) {
        let period = slotLease / 3
        let renewal = Task { [weak self, sleep] in
            while true {
                do { try await sleep(period) } catch { return }
                guard let self, !Task.isCancelled, self.elapsed() + self.slotLease <= limit,
                    await self.renew(slot, in: key)
                else { return }
            }
        }
        renewals.withLock { $0[slot] = renewal }
    }

    /// Pushes `slot`'s expiry one ``slotLease`` on; false once Redis no longer has it.
    private func renew(_ slot: String, in key: String) async -> Bool {
        do {
            let renewed = try await client.evaluate(
                FleetScripts.renewSlot, keys: [.string(key)], arguments: [.string(slot), .milliseconds(slotLease)])
            recovered()
            return renewed.integerValue == 1
        } catch {
            // Without Redis the slot expires by itself; try again while the call runs.
            failed(error)
            return !(error is CancellationError)
        }
    }
}

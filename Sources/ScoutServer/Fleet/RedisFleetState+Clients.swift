import Redis
import Synchronization

/// What a refill of a client's reserve came to, for every request that waited on it.
enum ReserveRefill: Sendable {
    /// Tokens were taken; those the refill's own request did not use are in the reserve. With
    /// the fresh page the refill looked for, if it found one.
    case taken(SharedPage?)
    /// The client's shared bucket is empty; its next token comes after `retryAfter`.
    case refused(retryAfter: Duration)
    /// Redis did not answer: the local bucket decides.
    case failed
}

/// Per-client limits across the fleet: each client's token bucket lives in Redis, and each
/// instance takes ``reservation`` tokens per round trip into its ``ClientTokenReserve``.
///
/// One refill per client is under way at a time on an instance: requests that find the reserve
/// dry while it runs wait for it and take from what it brought, or wait for the next. Each of
/// them asking Redis for a reservation of its own was the first design, and it refused most
/// of a burst well inside the client's limit: 67 concurrent searches on one instance, with a
/// reservation of 83, asked for 83 tokens each of a 1,000-token bucket, and twelve emptied it
/// (the fleet tests' 200 identical searches over three instances met 429s).
extension RedisFleetState {
    /// How many of a client's tokens one round trip takes: a quarter of its burst shared among
    /// the fleet, so an instance holds little of a bucket the others need (2 for the default
    /// burst of 30 and three instances). At most 256: refilled ahead at half of that, a client
    /// sending 100,000 cached searches a second leaves the refill over a millisecond to land,
    /// where 16 (8 left) ran the reserve dry and held a fleet instance at 0.72 of one alone.
    var reservation: Int { max(1, min(256, clientBurst / (4 * fleetSize))) }

    func admitFromReserve(client address: String) -> Bool { takeReserved(address) }

    func admit(client address: String) async -> Duration? {
        switch await token(of: address, peeking: nil) {
        case .reserved, .ownTrip(.taken): return nil
        case .ownTrip(.refused(let wait)): return wait
        case .ownTrip(.failed): return limiter.admit(address)
        }
    }

    func admit(client address: String, peeking key: String) async -> PeekedAdmission {
        let page = RedisArgument.string(prefix + "search:" + key)
        switch await token(of: address, peeking: page) {
        case .reserved: return await peek(page)
        case .ownTrip(.taken(let found)): return .admitted(found)
        case .ownTrip(.refused(let wait)): return .refused(retryAfter: wait)
        case .ownTrip(.failed): return PeekedAdmission(refusal: limiter.admit(address))
        }
    }

    /// How a request came by its token, or why it has none.
    private enum RequestToken {
        /// From the reserve (a page, if wanted, is still to be looked for).
        case reserved
        /// What a round trip of the request's own came to: its token and the page it looked
        /// for, if found; the bucket empty; or Redis not answering.
        case ownTrip(ReserveRefill)
    }

    /// A token for `address` from the reserve, else from a refill: the one under way, waited
    /// for, or one this request starts (looking for the page at `page` in the same round trip).
    /// A request that finds the tokens of a refill it waited for all taken by others waits for
    /// the next, at most ``refillsWaitedFor`` times, then asks Redis for one token alone, so
    /// that none waits behind an endless line.
    private func token(of address: String, peeking page: RedisArgument?) async -> RequestToken {
        for _ in 0..<Self.refillsWaitedFor {
            if takeReserved(address) { return .reserved }
            let (refill, started) = startRefill(address, peeking: page, forRequest: true)
            let outcome = await refill.value
            if case .taken = outcome, !started { continue }
            return .ownTrip(outcome)
        }
        if takeReserved(address) { return .reserved }
        return .ownTrip(await takeTokens(of: address, peeking: page, most: 1).outcome)
    }

    /// How many refills others started a request waits for before it asks Redis alone.
    private static var refillsWaitedFor: Int { 4 }

    /// The fresh page at `page` for a client already admitted; none when Redis fails.
    private func peek(_ page: RedisArgument) async -> PeekedAdmission {
        do {
            let reply = try await client.evaluate(FleetScripts.peek, keys: [page]).expectArray()
            recovered()
            return .admitted(Self.sharedPage(in: reply, at: 0))
        } catch {
            failed(error)
            return .admitted(nil)
        }
    }

    /// One of the tokens this instance holds for `address`; when few are left (half a
    /// reservation), the reserve is refilled ahead in the background, so that requests keep
    /// finding tokens — on the server's thread, for cached replies — instead of waiting for a
    /// refill once it runs dry. Only for reservations of 8 or more (bursts of 32 per instance):
    /// a refill ahead takes tokens no request has asked for yet, and with small buckets those
    /// are the ones a client near its limit then lacks on another instance.
    private func takeReserved(_ address: String) -> Bool {
        let reservation = reservation
        let take = reserve.take(address, refillAt: reservation >= 8 ? reservation / 2 : -1)
        if take.refillAhead { _ = startRefill(address, peeking: nil, forRequest: false) }
        return take.admitted
    }

    /// The refill of `address`'s reserve under way, or a new one when there is none
    /// (`started`). A refill for a request keeps one token fewer than it took: the request's.
    /// It fills the reserve before it leaves ``refills``, so that a request finding the reserve
    /// dry meanwhile waits for it and finds the tokens, instead of starting another.
    private func startRefill(
        _ address: String, peeking page: RedisArgument?, forRequest: Bool
    ) -> (refill: Task<ReserveRefill, Never>, started: Bool) {
        refills.withLock { refills in
            if let running = refills[address] { return (running, false) }
            let refill = Task {
                let (outcome, taken) = await self.takeTokens(of: address, peeking: page, most: self.reservation)
                self.reserve.keep(forRequest ? max(0, taken - 1) : taken, for: address)
                _ = self.refills.withLock { $0.removeValue(forKey: address) }
                return outcome
            }
            refills[address] = refill
            return (refill, true)
        }
    }

    /// Takes up to `most` of `address`'s tokens from its shared bucket (and the page at `page`,
    /// when given and tokens were taken); how many were taken.
    private func takeTokens(
        of address: String, peeking page: RedisArgument?, most: Int
    ) async -> (outcome: ReserveRefill, taken: Int) {
        do {
            let script = page == nil ? RedisScript.takeTokens : FleetScripts.admitAndPeek
            let reply = try await client.evaluate(
                script, keys: [clientBucket(address)] + (page.map { [$0] } ?? []),
                arguments: [.integer(clientBurst), .number(clientRate), 1, .integer(most)]
            ).expectArray()
            recovered()
            guard let taken = reply.first?.integerValue, taken > 0 else {
                let wait = Duration.milliseconds(max(1, reply.count > 2 ? reply[2].integerValue ?? 1 : 1))
                return (.refused(retryAfter: wait), 0)
            }
            return (.taken(page == nil ? nil : Self.sharedPage(in: reply, at: 3)), Int(taken))
        } catch {
            failed(error)
            return (.failed, 0)
        }
    }

    /// The key of `address`'s shared token bucket.
    private func clientBucket(_ address: String) -> RedisArgument { .string(prefix + "client:" + address) }
}

import Redis

/// The Lua scripts of the fleet's shared state: each read-check-write is one script, so no two
/// instances interleave between the read and the write. Time comes from the Redis server
/// (`TIME`), so instances whose clocks disagree still share one budget.
enum FleetScripts {
    /// The fresh page, or the lease, or how long its holder keeps it — in one step, so between
    /// "no page" and "I take the lease" no other instance can publish or take it.
    ///
    /// - `KEYS[1]`: the fresh page; `KEYS[2]`: the lease.
    /// - `ARGV[1]`: the caller's token; `ARGV[2]`: the lease's length in ms.
    /// - Reply: `{1, page, ms fresh}`, `{2}` (the lease is the caller's), `{0, ms held}`.
    static let claim = RedisScript(
        name: "search.claim",
        source: """
            local page = redis.call('GET', KEYS[1])
            if page then return {1, page, redis.call('PTTL', KEYS[1])} end
            local holder = redis.call('GET', KEYS[2])
            if holder == false or holder == ARGV[1] then
              redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
              return {2}
            end
            return {0, redis.call('PTTL', KEYS[2])}
            """)

    /// Looks for a fresh page without taking anything: Lua returning the page and how long it
    /// stays fresh, `{page, ms}`, or `{}`; the page is `KEYS[pageKey]`. Shared by ``peek`` and
    /// ``admitAndPeek``.
    private static func peekSource(pageKey: Int) -> String {
        """
        local page = redis.call('GET', KEYS[\(pageKey)])
        if page then return {page, redis.call('PTTL', KEYS[\(pageKey)])} end
        return {}
        """
    }

    /// A fresh page, if there is one, for a client already admitted (a reserved token).
    ///
    /// - `KEYS[1]`: the fresh page. Reply: `{page, ms fresh}` or `{}`.
    static let peek = RedisScript(name: "search.peek", source: peekSource(pageKey: 1))

    /// A client's token (``Redis/RedisScript/takeTokens``, unchanged) and, if it was given,
    /// the fresh page — in one round trip, which is what a hit in the shared cache costs.
    ///
    /// - `KEYS[1]`: the client's bucket; `KEYS[2]`: the fresh page. `ARGV`: as `takeTokens`.
    /// - Reply: `takeTokens`'s `{n, left, ms}`, then — when `n` > 0 and the page is there —
    ///   the page and its ms fresh.
    static let admitAndPeek = RedisScript(
        name: "client.admit+peek",
        source: """
            local function take()
            \(RedisScript.takeTokens.source)
            end
            local function peek()
            \(peekSource(pageKey: 2))
            end
            local taken = take()
            if taken.err or taken[1] == 0 then return taken end
            local found = peek()
            if found[1] then
              taken[4] = found[1]
              taken[5] = found[2]
            end
            return taken
            """)

    /// Stores a page fresh and stale, and frees the lease if the caller still holds it.
    ///
    /// - `KEYS[1]`: the fresh page; `KEYS[2]`: the stale copy; `KEYS[3]`: the lease.
    /// - `ARGV[1]`: the page; `ARGV[2]`, `ARGV[3]`: fresh and stale lifetimes in ms; `ARGV[4]`: the token.
    static let publish = RedisScript(
        name: "search.publish",
        source: """
            redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
            redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[3])
            if redis.call('GET', KEYS[3]) == ARGV[4] then redis.call('DEL', KEYS[3]) end
            return 1
            """)

    /// One instance's heartbeat: it is alive now; instances not seen for `ARGV[2]` ms are dropped,
    /// and the set itself expires when the whole fleet is gone. Written on a timer, whatever the
    /// traffic, so the fleet's size is right before any upstream call.
    ///
    /// - `KEYS[1]`: instances (sorted set, id → last seen ms). `ARGV[1]`: the instance's id;
    ///   `ARGV[2]`: how long a heartbeat counts, in ms.
    /// - Reply: the number of live instances, this one included.
    static let heartbeat = RedisScript(
        name: "fleet.heartbeat",
        source: """
            local time = redis.call('TIME')
            local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
            redis.call('ZADD', KEYS[1], now, ARGV[1])
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
            redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
            return redis.call('ZCARD', KEYS[1])
            """)

    /// One call's admission to a host, fleet-wide: a window
    /// (`Retry-After` or an open breaker), a free slot among `maxConcurrent` leased ones (expired
    /// leases are dropped first, so a crashed instance's slots come back), and the fleet's rate
    /// (`burst` calls back to back, then one each 1/rate s: the generic cell rate algorithm,
    /// whose one value is when the next call is due).
    ///
    /// - `KEYS[1]`: slots (a sorted set, token → expiry ms); `KEYS[2]`: the rate (the next due time, ms);
    ///   `KEYS[3]`: the window (its value is the reason).
    /// - `ARGV`: slot token, lease ms, max concurrent, burst, tokens per second.
    /// - Reply: `{status, ms, reason}` — status 0 granted, 1 busy (ask again in ms),
    ///   2 over the rate (a token in ms), 3 blocked (for ms, reason).
    static let acquireSlot = RedisScript(
        name: "budget.acquire",
        source: """
            local time = redis.call('TIME')
            local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
            local reason = redis.call('GET', KEYS[3])
            if reason then return {3, redis.call('PTTL', KEYS[3]), reason} end
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
            if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
              local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
              return {1, math.max(1, math.min(20, tonumber(first[2]) - now)), ''}
            end
            local interval = 1000 / tonumber(ARGV[5])
            local tolerance = interval * (tonumber(ARGV[4]) - 1)
            local due = math.max(tonumber(redis.call('GET', KEYS[2])) or now, now)
            if due - now > tolerance then return {2, math.ceil(due - now - tolerance), ''} end
            redis.call('SET', KEYS[2], tostring(due + interval), 'PX', math.ceil(due + interval - now) + 1000)
            redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
            redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
            return {0, 0, ''}
            """)

    /// Pushes a slot's expiry on while its call runs; a slot no longer there (given back,
    /// expired) stays gone.
    ///
    /// - `KEYS[1]`: slots. `ARGV[1]`: the slot's token; `ARGV[2]`: its new lease in ms from now.
    /// - Reply: 1 renewed, 0 gone.
    static let renewSlot = RedisScript(
        name: "budget.renew",
        source: """
            if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
            local time = redis.call('TIME')
            local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
            redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
            redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
            return 1
            """)

    /// Opens (or lengthens, never shortens) a window in which no instance calls the host.
    ///
    /// - `KEYS[1]`: the window. `ARGV[1]`: the reason; `ARGV[2]`: its length in ms.
    static let block = RedisScript(
        name: "budget.block",
        source: """
            if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then
              redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
            end
            return 1
            """)
}

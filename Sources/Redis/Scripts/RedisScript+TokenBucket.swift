extension RedisScript {
    /// Takes tokens from a token bucket shared by every caller of the key: the building block of
    /// fleet-wide rate limits (per-client limits, Flickr's calls per hour per key).
    ///
    /// Time comes from the Redis server (`TIME`), so instances whose clocks disagree still share
    /// one bucket. The bucket starts full, refills continuously, and expires once it would be
    /// full again, so idle buckets cost no memory.
    ///
    /// - `KEYS[1]`: the bucket (a hash of `tokens` and `at`, in ms).
    /// - `ARGV[1]`: capacity; `ARGV[2]`: tokens added per second (> 0); `ARGV[3]`: tokens to take;
    ///   `ARGV[4]` (optional, default 1): take up to this many times `ARGV[3]` if there are enough,
    ///   so a caller can reserve a few takes in one round trip.
    /// - Reply: `{n, left, 0}` — taken `n` times (1 without `ARGV[4]`), `left` whole tokens
    ///   remain; `{0, left, ms}` — not enough, nothing taken, enough in `ms`.
    ///
    /// ```swift
    /// let reply = try await client.evaluate(
    ///     .takeTokens, keys: ["bucket:flickr"], arguments: [3600, .number(1), 1]
    /// ).expectArray()
    /// if reply.first?.integerValue == 0 { /* wait reply[2] ms, as a Retry-After */ }
    /// ```
    public static let takeTokens = RedisScript(
        name: "bucket.take",
        source: """
            local capacity = tonumber(ARGV[1])
            local rate = tonumber(ARGV[2])
            local cost = tonumber(ARGV[3])
            local most = tonumber(ARGV[4] or '1')
            if capacity == nil or rate == nil or cost == nil or most == nil or capacity <= 0 or rate <= 0
              or cost < 0 or most < 1 then
              return redis.error_reply('ERR bucket.take wants a capacity > 0, a rate > 0, a cost >= 0 and a count >= 1')
            end
            most = math.floor(most)
            local time = redis.call('TIME')
            local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
            local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
            local tokens = tonumber(state[1]) or capacity
            local at = tonumber(state[2]) or now
            if now > at then
              tokens = math.min(capacity, tokens + (now - at) * rate / 1000)
              at = now
            end
            local taken = 0
            local wait = 0
            if tokens >= cost then
              taken = most
              if cost > 0 then taken = math.min(most, math.floor(tokens / cost)) end
              tokens = tokens - taken * cost
            else
              wait = math.ceil((cost - tokens) * 1000 / rate)
            end
            redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
            redis.call('PEXPIRE', KEYS[1], math.max(1000, math.ceil((capacity - tokens) * 1000 / rate)))
            return {taken, math.floor(tokens), wait}
            """)
}

extension RedisScript {
    /// Takes tokens from a token bucket shared by every caller of the key: the building block of
    /// fleet-wide rate limits (per-client limits, Flickr's calls per hour per key).
    ///
    /// Time comes from the Redis server (`TIME`), so instances whose clocks disagree still share
    /// one bucket. The bucket starts full, refills continuously, and expires once it would be
    /// full again, so idle buckets cost no memory.
    ///
    /// - `KEYS[1]`: the bucket (a hash of `tokens` and `at`, in ms).
    /// - `ARGV[1]`: capacity; `ARGV[2]`: tokens added per second (> 0); `ARGV[3]`: tokens to take.
    /// - Reply: `{1, left, 0}` — taken, `left` whole tokens remain; `{0, left, ms}` — not enough,
    ///   nothing taken, enough in `ms`.
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
            if capacity == nil or rate == nil or cost == nil or capacity <= 0 or rate <= 0 or cost < 0 then
              return redis.error_reply('ERR bucket.take wants a capacity > 0, a rate > 0 and a cost >= 0')
            end
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
              tokens = tokens - cost
              taken = 1
            else
              wait = math.ceil((cost - tokens) * 1000 / rate)
            end
            redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
            redis.call('PEXPIRE', KEYS[1], math.max(1000, math.ceil((capacity - tokens) * 1000 / rate)))
            return {taken, math.floor(tokens), wait}
            """)
}

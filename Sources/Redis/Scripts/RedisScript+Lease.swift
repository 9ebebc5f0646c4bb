extension RedisScript {
    /// Takes a lease when it is free, or renews it for its holder (`SET NX PX`, read and written
    /// in one step): the building block of fleet-wide coalescing ("one instance fetches, the
    /// others wait for its result").
    ///
    /// - `KEYS[1]`: the lease.
    /// - `ARGV[1]`: the holder's token (unique per caller); `ARGV[2]`: the lease's length in ms.
    /// - Reply: `{1, ms}` — this holder has the lease for `ms`; `{0, ms}` — another holder has
    ///   it for `ms` more.
    ///
    /// ```swift
    /// let reply = try await client.evaluate(
    ///     .acquireLease, keys: ["lease:search:dune"], arguments: [.string(token), .milliseconds(.seconds(5))])
    /// let isMine = try reply.expectArray().first?.integerValue == 1
    /// ```
    public static let acquireLease = RedisScript(
        name: "lease.acquire",
        source: """
            local holder = redis.call('GET', KEYS[1])
            if holder == false or holder == ARGV[1] then
              redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
              return {1, tonumber(ARGV[2])}
            end
            return {0, redis.call('PTTL', KEYS[1])}
            """)

    /// Gives a lease back if, and only if, this holder still has it (a late holder whose lease
    /// expired must not free someone else's).
    ///
    /// - `KEYS[1]`: the lease. `ARGV[1]`: the holder's token.
    /// - Reply: `1` released, `0` not held by this token.
    ///
    /// ```swift
    /// _ = try await client.evaluate(.releaseLease, keys: ["lease:search:dune"], arguments: [.string(token)])
    /// ```
    public static let releaseLease = RedisScript(
        name: "lease.release",
        source: """
            if redis.call('GET', KEYS[1]) == ARGV[1] then
              return redis.call('DEL', KEYS[1])
            end
            return 0
            """)
}

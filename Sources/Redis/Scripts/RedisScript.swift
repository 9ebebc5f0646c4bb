/// A Lua script for Redis, named by its SHA-1 as `EVALSHA` names it.
///
/// Every read-check-write on shared state is a script: Redis runs a script start to finish
/// with no other command in between, so callers on other connections and other Scout instances
/// cannot interleave between the read and the write. ``RedisConnection/evaluate(_:keys:arguments:timeout:)``
/// sends `EVALSHA`, and the source only when the server answers `NOSCRIPT` (after a restart, or
/// the first time), after which the server caches it again.
///
/// Name every key a script touches in `KEYS` (not built inside the script), so the script stays
/// valid on a Redis Cluster.
///
/// ```swift
/// let compareAndDelete = RedisScript(
///     name: "compare-and-delete",
///     source: "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0")
/// let deleted = try await client.evaluate(compareAndDelete, keys: ["lock"], arguments: ["me"]).expectInteger()
/// ```
public struct RedisScript: Sendable, Hashable {
    /// A short name for messages: `"lease.acquire"`.
    public let name: String
    /// The Lua source, sent with `EVAL` when the server does not know it.
    public let source: String
    /// The SHA-1 of the source in lowercase hex, computed here, as `SCRIPT LOAD` returns it.
    public let sha1: String

    /// A script named `name` for messages.
    ///
    /// ```swift
    /// let script = RedisScript(name: "ping", source: "return redis.call('PING')")
    /// ```
    public init(name: String, source: String) {
        self.name = name
        self.source = source
        self.sha1 = SHA1.hex(of: Array(source.utf8))
    }
}

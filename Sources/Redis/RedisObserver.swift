/// Hears of every command a ``RedisClient`` ran, for metrics: how long its round trip took and
/// how it failed, if it did. Called on the caller's task: it must be quick and must not block.
///
/// ```swift
/// var configuration = RedisConfiguration()
/// configuration.observer = redisMetrics
/// let redis = RedisClient(url: url, configuration: configuration)
/// ```
public protocol RedisObserver: Sendable {
    /// A call (a command, a pipeline or a script) ended after `duration` on the configuration's
    /// clock, with `failure`'s kind when it threw a ``RedisError``.
    func callFinished(duration: Duration, failure: RedisError.Kind?)
}

import Synchronization

/// The bytes of reply bodies the server holds for connections that have not taken them yet,
/// bounded as a whole (``ServerLimits/maxInflightReplyBytes``).
///
/// A reply's bytes are copied into libmicrohttpd when it is queued and freed when its request
/// completes, however slowly the client reads. Without a bound, clients that never read held
/// whatever they asked for: twelve such connections held 831 MB. A reply that would pass the
/// bound is answered 503 with `Retry-After` instead, which costs a few hundred bytes. Replies
/// of up to ``smallReplyBytes`` pass without counting, so a full budget never stops the small
/// replies most clients get (a search, an error): at most ``ServerLimits/maxConnections`` of
/// them (1024 × 64 KiB = 64 MiB) can be held. Bytes the server shares between requests
/// (``SharedBytes``, ``PreparedResponse``) and files sent by `sendfile` are not copies per
/// connection and do not count.
///
/// ```swift
/// let budget = ReplyMemoryBudget(capacity: 64 << 20)
/// if budget.reserve(body.count) { … queue it, and release(body.count) when it completes … }
/// ```
final class ReplyMemoryBudget: Sendable {
    /// The largest reply that does not count: a page of search results is 20–50 KB.
    static let smallReplyBytes = 64 * 1024

    let capacity: Int
    private let held = Atomic<Int>(0)

    init(capacity: Int) { self.capacity = capacity }

    /// The bytes held now.
    var heldBytes: Int { held.load(ordering: .relaxed) }

    /// Takes `count` bytes of the budget; false, taking nothing, when they do not fit.
    func reserve(_ count: Int) -> Bool {
        var current = held.load(ordering: .relaxed)
        while true {
            guard current + count <= capacity else { return false }
            let (exchanged, original) = held.compareExchange(
                expected: current, desired: current + count, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    /// Gives back what ``reserve(_:)`` took.
    func release(_ count: Int) { held.subtract(count, ordering: .relaxed) }
}

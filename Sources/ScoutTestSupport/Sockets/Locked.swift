import Synchronization

/// A value behind a mutex that escaping closures and tasks can share (a `Mutex` itself cannot be
/// captured by them).
///
/// ```swift
/// let count = Locked(0)
/// Task { count.withLock { $0 += 1 } }
/// ```
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    public var value: Value { mutex.withLock { $0 } }

    public func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
}

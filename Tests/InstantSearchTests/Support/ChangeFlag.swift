import Synchronization

/// A flag an `@Sendable` callback can set.
final class ChangeFlag: Sendable {
    private let value = Mutex(false)

    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

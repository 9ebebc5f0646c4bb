import Observation
import Synchronization

/// A flag an `@Sendable` callback can set.
final class ChangeFlag: Sendable {
    private let value = Mutex(false)

    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

/// Whether `change` changes something `read` reads, as Observation tells it.
func observationSees(_ change: () -> Void, after read: () -> Void) -> Bool {
    let changed = ChangeFlag()
    withObservationTracking(read, onChange: { changed.set() })
    change()
    return changed.isSet
}

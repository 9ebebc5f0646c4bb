import Foundation
import Synchronization

/// A least-recently-used cache bounded by the total byte size of its values — `NSCache` is
/// neither LRU nor byte-bounded on Linux. Thread-safe; every operation is O(1).
final class MemoryCache: Sendable {
    private struct Node {
        var image: LoadedImage
        var newer: String?
        var older: String?
    }

    private struct State {
        var nodes: [String: Node] = [:]
        var newest: String?
        var oldest: String?
        var totalBytes = 0

        mutating func unlink(_ key: String) {
            guard let node = nodes[key] else { return }
            if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
            if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
        }

        mutating func pushNewest(_ key: String) {
            nodes[key]?.older = newest
            nodes[key]?.newer = nil
            if let newest { nodes[newest]?.newer = key }
            newest = key
            if oldest == nil { oldest = key }
        }
    }

    /// The most bytes held at once.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The image for `key`, marking it most recently used.
    func image(for key: String) -> LoadedImage? {
        state.withLock { state in
            guard let node = state.nodes[key] else { return nil }
            state.unlink(key)
            state.pushNewest(key)
            return node.image
        }
    }

    /// Whether `key` is cached, without marking it used.
    func contains(_ key: String) -> Bool { state.withLock { $0.nodes[key] != nil } }

    /// Stores `image`, evicting the least recently used entries until it fits; returns how
    /// many were evicted. An image larger than the whole cache is not stored.
    @discardableResult
    func insert(_ image: LoadedImage, for key: String) -> Int {
        let cost = image.data.count
        return state.withLock { state in
            if let existing = state.nodes[key] {
                state.unlink(key)
                state.nodes[key] = nil
                state.totalBytes -= existing.image.data.count
            }
            guard cost <= capacity else { return 0 }
            var evicted = 0
            while state.totalBytes + cost > capacity, let oldest = state.oldest {
                state.unlink(oldest)
                state.totalBytes -= state.nodes.removeValue(forKey: oldest)?.image.data.count ?? 0
                evicted += 1
            }
            state.nodes[key] = Node(image: image)
            state.pushNewest(key)
            state.totalBytes += cost
            return evicted
        }
    }

    /// Removes the entry for `key`, if any.
    func remove(_ key: String) {
        state.withLock { state in
            guard let node = state.nodes[key] else { return }
            state.unlink(key)
            state.nodes[key] = nil
            state.totalBytes -= node.image.data.count
        }
    }

    /// Removes everything.
    func removeAll() { state.withLock { $0 = State() } }

    /// Bytes held now.
    var totalBytes: Int { state.withLock { $0.totalBytes } }

    /// Entries held now.
    var count: Int { state.withLock { $0.nodes.count } }
}

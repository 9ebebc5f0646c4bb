import Foundation
import HTTPServer
import Synchronization

/// The images the proxy answers from memory, by request path, each a ``PreparedResponse``:
/// its body copied once and sent by every later response without a copy — where building a
/// response from the loader's `Data` copied the image twice per request (into an array, then
/// into libmicrohttpd's response) — and its headers built into libmicrohttpd's response once.
/// Keyed by the canonical path the request already carries, a hit costs one hash and one
/// lock: no upstream URL rebuilt, no loader recency list to walk. Bounded by bytes: when full
/// it starts over, which costs one copy per image and nothing else. Images are immutable
/// under their path, so nothing goes stale.
final class HotImages: Sendable {
    private struct Table {
        var images: [String: PreparedResponse] = [:]
        var bytes = 0
        var hits = 0
    }

    private let table = Mutex(Table())
    /// The most bytes held; an image larger than this is never kept.
    let capacity: Int

    init(capacity: Int = 16 * 1024 * 1024) {
        self.capacity = capacity
    }

    /// The reply held for `path`, counted as a hit.
    func image(forPath path: String) -> PreparedResponse? {
        table.withLock { table in
            guard let image = table.images[path] else { return nil }
            table.hits += 1
            return image
        }
    }

    /// Keeps `image`, the reply for `path`, unless it is larger than the whole table.
    func keep(_ image: PreparedResponse, forPath path: String) {
        guard image.content.count <= capacity else { return }
        table.withLock { table in
            if table.bytes + image.content.count > capacity { table = Table(hits: table.hits) }
            if table.images.updateValue(image, forKey: path) == nil { table.bytes += image.content.count }
        }
    }

    /// Requests answered from here.
    var hits: Int { table.withLock { $0.hits } }
}

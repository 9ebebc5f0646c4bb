import Foundation
import HTTPServer
import Synchronization

/// The bodies of images the proxy answers from memory, each copied once into a ``SharedBytes``
/// that every later response sends without copying — where building a response from the
/// loader's `Data` copied the image twice per request (into an array, then into
/// libmicrohttpd's response). Bounded by bytes: when full it starts over, which costs one copy
/// per image and nothing else. Images are immutable under their URL, so nothing goes stale.
final class HotImages: Sendable {
    private struct Table {
        var bodies: [URL: SharedBytes] = [:]
        var bytes = 0
    }

    private let table = Mutex(Table())
    /// The most bytes held; an image larger than this is never kept.
    let capacity: Int

    init(capacity: Int = 16 * 1024 * 1024) {
        self.capacity = capacity
    }

    /// The shared body of `data`, the bytes of the image at `url`.
    func body(for url: URL, data: Data) -> SharedBytes {
        if let known = table.withLock({ $0.bodies[url] }) { return known }
        let body = SharedBytes(data)
        guard body.count <= capacity else { return body }
        table.withLock { table in
            if table.bytes + body.count > capacity { table = Table() }
            table.bodies[url] = body
            table.bytes += body.count
        }
        return body
    }
}

import Foundation
import ImageLoading
import ScoutModels
import Synchronization

/// Maps an upstream image URL to Scout's own `/img/<origin>/<key>` path, or nil when the image
/// is not on an origin the proxy serves for that search source (the thumbnail is then left out).
///
/// A source may have several image hosts (books: three Goodreads hosts), each an origin of
/// its own name. Answers are remembered: every thumbnail of every reply is mapped, validating
/// a key costs microseconds, and popular results come back search after search.
///
/// ```swift
/// let linker = ThumbnailLinker(origins: [.wikipedia: [.wikimedia()], .books: ImageOrigin.goodreads()])
/// linker.proxiedPath(for: cover, source: .books)   // "/img/books/books/1447303603m/2767052.jpg"
/// ```
struct ThumbnailLinker: Sendable {
    /// One origin and its ``ImageLoading/ImageOrigin/proxyPathPrefix``, made once.
    private struct Route: Sendable {
        let origin: ImageOrigin
        let prefix: String
    }

    let origins: [SourceID: [ImageOrigin]]
    private let routes: [SourceID: [Route]]
    private let known: ProxiedPaths

    init(origins: [SourceID: [ImageOrigin]], capacity: Int = 8192) {
        self.origins = origins
        routes = origins.mapValues { $0.map { Route(origin: $0, prefix: $0.proxyPathPrefix) } }
        known = ProxiedPaths(capacity: capacity)
    }

    func proxiedPath(for url: URL, source: SourceID) -> String? {
        let name = ProxiedPaths.Name(source: source, url: url.absoluteString)
        if let path = known[name] { return path }
        let path = computedPath(for: url, source: source)
        known[name] = .some(path)
        return path
    }

    private func computedPath(for url: URL, source: SourceID) -> String? {
        for route in routes[source] ?? [] {
            if let encoded = route.origin.keyAndEncoding(for: url)?.encoded { return route.prefix + encoded }
        }
        return nil
    }
}

/// Proxy paths already computed (nil: none), bounded: when full it starts over, which costs a
/// recomputation per URL and nothing else.
final class ProxiedPaths: Sendable {
    struct Name: Hashable, Sendable {
        let source: SourceID
        let url: String
    }

    private let paths = Mutex<[Name: String?]>([:])
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// `.some(nil)` for a URL known to have no path, nil for one not seen.
    subscript(name: Name) -> String?? {
        get { paths.withLock { $0[name] } }
        set {
            guard let newValue else { return }
            paths.withLock { paths in
                if paths.count >= capacity { paths.removeAll(keepingCapacity: true) }
                paths[name] = newValue
            }
        }
    }
}

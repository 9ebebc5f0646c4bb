import Foundation
import HTTPServer
import ImageLoading
import ScoutModels
import Synchronization

extension ImageProxy {
    /// The `/img/:source/*key` route: an image held in memory is answered at once on the
    /// server's thread (no suspend, task and resume — about 13 µs of CPU saved per request),
    /// its body shared, not copied, by every response: from ``HotImages`` by the request's path,
    /// or else from the loader's memory, after which it is hot; so is a disk-cache file held
    /// open by ``HotFiles``, sent from its file. Anything else is loaded in a task by
    /// ``respond(to:source:key:)``.
    ///
    /// ```swift
    /// router.add(.get, "/img/:source/*key", handler: proxy.handler)
    /// ```
    public var handler: Handler {
        .either(
            immediate: { [self] request in
                if let hot = hotImages.image(forPath: request.path) { return hot.response }
                if let held = hotFiles.reply(forPath: request.path, loader: loader) { return held.response }
                guard
                    let url = upstreamURL(
                        source: request.pathParameters["source"] ?? "", key: request.pathParameters["key"] ?? ""),
                    let image = loader.memoryImage(for: url)
                else { return nil }
                let hot = PreparedResponse(
                    headers: Self.headers(type: image.info.format.mimeType), body: SharedBytes(image.data))
                hotImages.keep(hot, forPath: request.path)
                return hot.response
            },
            deferred: { [self] request in
                await respond(
                    to: request, source: request.pathParameters["source"] ?? "",
                    key: request.pathParameters["key"] ?? "")
            })
    }

    /// The loader's counters, with the requests answered from ``HotImages`` among its memory
    /// hits: both are answers from memory.
    public var counters: ImageLoader.Counters {
        var counters = loader.counters
        counters.memoryHits += hotImages.hits
        return counters
    }

    /// The upstream URL of `key` under `source`'s origin, or nil when either is unknown or
    /// invalid. Validating a key parses a URL; the answer never changes, so valid ones are
    /// remembered.
    func upstreamURL(source: String, key: String) -> URL? {
        let name = source + "/" + key
        if let known = targets.url(for: name) { return known }
        guard let origin = origins[SourceID(rawValue: source)], let url = origin.url(for: key) else { return nil }
        targets.remember(url, for: name)
        return url
    }
}

/// Upstream URLs of keys already validated, bounded: when full it starts over, which costs a
/// re-validation per key and nothing else.
final class ProxyTargets: Sendable {
    private let urls = Mutex<[String: URL]>([:])
    let capacity: Int

    init(capacity: Int = 8192) {
        self.capacity = capacity
    }

    func url(for name: String) -> URL? { urls.withLock { $0[name] } }

    func remember(_ url: URL, for name: String) {
        urls.withLock { urls in
            if urls.count >= capacity { urls.removeAll(keepingCapacity: true) }
            urls[name] = url
        }
    }
}

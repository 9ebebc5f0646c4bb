import Foundation
import HTTPServer
import ImageLoading
import Synchronization

/// The images the proxy sends from disk-cache files, by request path, when the loader keeps
/// none in memory: each file checked in full once and held open, its reply a
/// ``HTTPServer/PreparedResponse`` that every request sends from one mapping of it — as nginx's
/// `open_file_cache` holds files — so a hit costs one `fstat` to see that the file is still
/// the one checked (``ImageLoading/CachedImageFile/isIntact``), and no open, read, checksum
/// or copy. A file changed or unlinked since is dropped and checked again from disk.
/// Bounded by count (each file holds a descriptor and a mapping): when full it starts over.
final class HotFiles: Sendable {
    private struct Entry {
        let file: CachedImageFile
        let reply: PreparedResponse
    }

    private let entries = Mutex<[String: Entry]>([:])
    /// The most files held.
    let capacity: Int

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    /// The reply held for `path` while its file is intact (counted by `loader` as a disk hit);
    /// nil otherwise, after dropping a file that changed.
    func reply(forPath path: String, loader: ImageLoader) -> PreparedResponse? {
        guard let entry = entries.withLock({ $0[path] }) else { return nil }
        if loader.reuse(entry.file) { return entry.reply }
        entries.withLock { entries in
            if entries[path]?.file === entry.file { entries[path] = nil }
        }
        return nil
    }

    /// The reply sending `file`, the image for `path`, held for later requests when the file
    /// is settled (``ImageLoading/CachedImageFile/isSettled``).
    func keep(_ file: CachedImageFile, forPath path: String) -> Response {
        let region = FileRegion(
            descriptor: file.descriptor, offset: file.imageOffset, count: file.imageCount, owner: file)
        let headers = ImageProxy.headers(type: file.info.format.mimeType)
        guard file.isSettled, capacity > 0 else { return Response(headers: headers, body: .file(region)) }
        let reply = PreparedResponse(headers: headers, file: region)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[path] = Entry(file: file, reply: reply)
        }
        return reply.response
    }

    /// How many files are held.
    var count: Int { entries.withLock { $0.count } }
}

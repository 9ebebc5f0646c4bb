import Foundation

/// The bytes of one dump file as they were written, read in chunks: plain text as it is, a gzip
/// file (told by its magic bytes `1f 8b`, whatever its name) inflated as it streams — never the
/// whole file in memory. ``bytesRead`` counts the file's own bytes, so progress and ETA follow
/// the disk, not the inflated text.
///
/// ```swift
/// let file = try DumpFile(url: URL(fileURLWithPath: "ol_dump_works_latest.txt.gz"))
/// var text: [UInt8] = []
/// while try file.read(into: &text, limit: 1 << 20) { … }
/// ```
final class DumpFile {
    /// The file's path, for messages.
    let path: String
    /// The file's size in bytes.
    let totalBytes: Int
    /// Whether the file is gzip.
    let isCompressed: Bool
    /// The file's bytes consumed so far.
    private(set) var bytesRead = 0
    private let handle: FileHandle
    private let inflater: GzipInflater?
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    private var isAtEnd = false

    /// Bytes read from disk at a time.
    static let chunkBytes = 256 * 1024

    /// Opens `url`; throws ``BookCatalogError/unreadableFile(path:reason:)``.
    init(url: URL) throws {
        path = url.path
        do {
            handle = try FileHandle(forReadingFrom: url)
            totalBytes = Int(try handle.seekToEnd())
            try handle.seek(toOffset: 0)
            let magic = try handle.read(upToCount: 2) ?? Data()
            try handle.seek(toOffset: 0)
            isCompressed = magic == Data([0x1F, 0x8B])
        } catch {
            throw BookCatalogError.unreadableFile(path: url.path, reason: error.localizedDescription)
        }
        do {
            inflater = isCompressed ? try GzipInflater() : nil
        } catch {
            throw BookCatalogError.corruptFile(path: url.path, reason: error.reason)
        }
    }

    deinit { try? handle.close() }

    /// Appends the next text to `output`, stopping once it holds `limit` bytes; returns `false`
    /// at the end of the file (nothing appended). Throws ``BookCatalogError`` for a read error,
    /// corrupt gzip data or a gzip file that ends early (a download cut short).
    func read(into output: inout [UInt8], limit: Int) throws -> Bool {
        let before = output.count
        while output.count == before {
            if pendingOffset >= pending.count {
                guard !isAtEnd else { break }
                try refill()
                continue
            }
            guard let inflater else {
                output.append(contentsOf: pending[pendingOffset...].prefix(max(limit - before, 1)))
                pendingOffset += output.count - before
                continue
            }
            let offset = pendingOffset
            do {
                try inflater.inflate(pending, offset: &pendingOffset, into: &output, limit: max(limit, before + 1))
            } catch {
                throw BookCatalogError.corruptFile(path: path, reason: error.reason)
            }
            // zlib took nothing and gave nothing: it would never move again.
            if pendingOffset == offset, output.count == before {
                throw BookCatalogError.corruptFile(path: path, reason: "its compressed data is corrupt")
            }
        }
        if output.count == before, let inflater, bytesRead > 0, !inflater.isAtMemberEnd {
            throw BookCatalogError.corruptFile(path: path, reason: "the gzip data ends early")
        }
        return output.count > before
    }

    private func refill() throws {
        let chunk: Data?
        do {
            chunk = try handle.read(upToCount: Self.chunkBytes)
        } catch {
            throw BookCatalogError.unreadableFile(path: path, reason: error.localizedDescription)
        }
        guard let chunk, !chunk.isEmpty else {
            isAtEnd = true
            return
        }
        pending = [UInt8](chunk)
        pendingOffset = 0
        bytesRead += chunk.count
    }
}

import Foundation
import ScoutModels

/// Names one dump file for a checkpoint: its size and a 64-bit FNV-1a hash of its first and last
/// MiB. Open Library's dumps run to tens of gigabytes, so hashing every byte before an import
/// could start would cost minutes; a new dump differs in size or at its ends (its records are
/// sorted by type and key, and its gzip trailer holds the text's CRC and length). Like
/// ``ContentFingerprint`` it is no defence against crafted collisions, which would only make an
/// import resume at the wrong record of the attacker's own file.
enum DumpFingerprint {
    /// Bytes hashed at each end of the file.
    static let edgeBytes = 1 << 20

    /// `"<size>-<hash>"` of the file at `url`; throws ``BookCatalogError/unreadableFile(path:reason:)``.
    static func of(_ url: URL) throws -> String {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: 0)
            var bytes = try handle.read(upToCount: edgeBytes) ?? Data()
            if size > UInt64(edgeBytes) {
                try handle.seek(toOffset: max(size - UInt64(edgeBytes), UInt64(edgeBytes)))
                bytes += try handle.read(upToCount: edgeBytes) ?? Data()
            }
            return "\(size)-" + FNV1a.hex(bytes)
        } catch {
            throw BookCatalogError.unreadableFile(path: url.path, reason: error.localizedDescription)
        }
    }
}

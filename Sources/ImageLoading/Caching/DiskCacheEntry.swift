import Foundation

/// The on-disk form of one cached image: a fixed header (magic, version, key and body
/// lengths, SHA-256 of key + body), the key, then the body. Reading checks every part, so a
/// flipped byte, a truncated file or another key's file reads as nothing.
enum DiskCacheEntry {
    static let magic = Array("SCOUTIMG".utf8)
    static let version: UInt8 = 1
    /// magic 8, version 1, reserved 3, key length 4, body length 8, checksum 32.
    static let headerSize = 56

    /// The bytes of the file for `image` under `key`.
    static func encode(key: String, body: Data) -> Data {
        let keyBytes = Array(key.utf8)
        var file = Data(capacity: headerSize + keyBytes.count + body.count)
        file.append(contentsOf: magic)
        file.append(contentsOf: [version, 0, 0, 0])
        append(UInt64(keyBytes.count), bytes: 4, to: &file)
        append(UInt64(body.count), bytes: 8, to: &file)
        file.append(contentsOf: checksum(key: keyBytes, body: body))
        file.append(contentsOf: keyBytes)
        file.append(body)
        return file
    }

    /// The body stored in `file` under `key`, or nil when anything does not add up.
    static func decode(_ file: Data, key: String) -> Data? {
        guard let body = bodyRange(in: file, key: key) else { return nil }
        return file.withUnsafeBytes { Data($0[body]) }
    }

    /// Where the body stored in `file` under `key` lies, counted from the file's first byte,
    /// or nil when anything does not add up.
    static func bodyRange(in file: Data, key: String) -> Range<Int>? {
        let keyBytes = Array(key.utf8)
        return file.withUnsafeBytes { raw -> Range<Int>? in
            let reader = ByteReader(bytes: raw)
            guard raw.count >= headerSize, reader.matches(magic, at: 0), reader.matches([version, 0, 0, 0], at: 8),
                let keyLength = reader.u32LE(12), let lowBody = reader.u32LE(16), let highBody = reader.u32LE(20),
                highBody == 0, keyLength == keyBytes.count,
                raw.count == headerSize + keyLength + lowBody,
                reader.matches(keyBytes, at: headerSize)
            else { return nil }
            let body = (headerSize + keyLength)..<raw.count
            guard reader.matches(checksum(key: keyBytes, body: Data(raw[body])), at: 24) else { return nil }
            return body
        }
    }

    private static func checksum(key: [UInt8], body: Data) -> [UInt8] {
        var hashed = Data(key)
        hashed.append(body)
        return SHA256.digest(hashed)
    }

    private static func append(_ value: UInt64, bytes: Int, to data: inout Data) {
        for index in 0..<bytes { data.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }
}

/// FNV-1a, 64 bits: a fast, stable hash of bytes, the same on every run and platform. Enough to
/// tell versions of a file apart (an `ETag`, an import's fingerprint, a test's check on bytes);
/// no defence against collisions someone crafted.
///
/// ```swift
/// FNV1a.hash(Array("a".utf8))  // 0xaf63dc4c8601ec8c
/// FNV1a.hex(Array("a".utf8))   // "af63dc4c8601ec8c"
/// ```
public enum FNV1a {
    /// The 64-bit FNV-1a hash of `bytes`.
    @inlinable
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// ``hash(_:)`` in lowercase hexadecimal, without leading zeros.
    @inlinable
    public static func hex(_ bytes: some Sequence<UInt8>) -> String { String(hash(bytes), radix: 16) }
}

/// Size plus a 64-bit FNV-1a hash of some bytes: cheap, stable across runs and platforms, and
/// enough to tell two import files apart (it is not a defence against crafted collisions, which
/// would only make an import resume at the wrong record of the attacker's own file).
///
/// ```swift
/// ContentFingerprint.of(Array("a,b\n".utf8))  // "4-…"
/// ```
enum ContentFingerprint {
    static func of(_ bytes: some Collection<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return "\(bytes.count)-" + String(hash, radix: 16)
    }
}

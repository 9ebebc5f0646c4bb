import ScoutModels

/// Size plus a 64-bit FNV-1a hash of some bytes: cheap, stable across runs and platforms, and
/// enough to tell two import files apart (it is not a defence against crafted collisions, which
/// would only make an import resume at the wrong record of the attacker's own file).
///
/// ```swift
/// ContentFingerprint.of(Array("a,b\n".utf8))  // "4-…"
/// ```
enum ContentFingerprint {
    static func of(_ bytes: some Collection<UInt8>) -> String { "\(bytes.count)-" + FNV1a.hex(bytes) }
}

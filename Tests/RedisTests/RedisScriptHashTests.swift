import Testing

@testable import Redis

/// Scripts are named by SHA-1 computed here, as `SCRIPT LOAD` names them (checked against the
/// server in "Redis Lua scripts").
@Suite("Redis script names (SHA-1)", .timeLimit(.minutes(1)))
struct RedisScriptHashTests {
    @Test(
        "SHA-1 matches the FIPS 180 test vectors",
        arguments: [
            ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
            (String(repeating: "a", count: 1_000_000), "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
        ])
    func vectors(text: String, digest: String) {
        #expect(SHA1.hex(of: Array(text.utf8)) == digest)
    }

    @Test("lengths around the 55/56/64-byte padding boundaries hash as a reference does")
    func boundaries() {
        // Reference digests of "a" repeated n times (from sha1sum).
        let expected: [Int: String] = [
            55: "c1c8bbdc22796e28c0e15163d20899b65621d65a", 56: "c2db330f6083854c99d4b5bfb6e8f29f201be699",
            63: "03f09f5b158a7a8cdad920bddc29b81c18a551f5", 64: "0098ba824b5c16427bd7a1122a5a442a25ec644d",
            65: "11655326c708d70319be2610e8a57d9a5b959d3b",
        ]
        for (count, digest) in expected {
            #expect(SHA1.hex(of: Array(repeating: UInt8(ascii: "a"), count: count)) == digest, "length \(count)")
        }
    }

    @Test("a script's sha1 is that of its source's UTF-8")
    func scriptName() {
        let script = RedisScript(name: "t", source: "return 'é'")
        #expect(script.sha1 == SHA1.hex(of: Array("return 'é'".utf8)) && script.sha1.count == 40)
        #expect(RedisScript.acquireLease.sha1 != RedisScript.releaseLease.sha1)
    }
}

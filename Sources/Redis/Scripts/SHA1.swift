/// SHA-1 (FIPS 180-4), only to name Lua scripts the way Redis does (`EVALSHA`): not for security.
enum SHA1 {
    /// The digest of `bytes` as 40 lowercase hexadecimal digits.
    ///
    /// ```swift
    /// SHA1.hex(of: Array("abc".utf8))  // "a9993e364706816aba3e25717850c26c9cd0d89d"
    /// ```
    static func hex(of bytes: [UInt8]) -> String {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var message = bytes
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        let bitCount = UInt64(bytes.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            message.append(UInt8(truncatingIfNeeded: bitCount >> shift))
        }

        var words = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                let offset = chunk + index * 4
                words[index] =
                    UInt32(message[offset]) << 24 | UInt32(message[offset + 1]) << 16 | UInt32(message[offset + 2]) << 8
                    | UInt32(message[offset + 3])
            }
            for index in 16..<80 {
                words[index] = rotate(
                    words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], by: 1)
            }
            var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    switch index {
                    case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                    case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                    case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                    default: (b ^ c ^ d, 0xCA62_C1D6)
                    }
                let temporary = rotate(a, by: 5) &+ f &+ e &+ k &+ words[index]
                (e, d, c, b, a) = (d, c, rotate(b, by: 30), a, temporary)
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
            state[4] &+= e
        }
        let digits = Array("0123456789abcdef")
        return String(state.flatMap { word in (0..<8).reversed().map { digits[Int(word >> (UInt32($0) * 4) & 0xF)] } })
    }

    private static func rotate(_ value: UInt32, by count: UInt32) -> UInt32 { value << count | value >> (32 - count) }
}

import Foundation
import ScoutTestSupport
import Testing

@testable import BookStorage

@Suite("JSON string arrays of the stores", .timeLimit(.minutes(1)))
struct JSONStringArrayTests {
    @Test("what the hand-written encoder writes, JSONDecoder reads, and the decoder reads it back")
    func roundTrip() throws {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("aZ09 \"\\/\n\r\t\u{0}\u{1F}é東😀\u{202E}[],:{}".unicodeScalars)
        for _ in 0..<2_000 {
            let strings = (0..<Int(random.next() % 4)).map { _ in
                String(
                    String.UnicodeScalarView(
                        (0..<Int(random.next() % 12)).map { _ in
                            alphabet[Int(random.next() % UInt64(alphabet.count))]
                        }))
            }
            let json = JSONStringArray.encode(strings)
            #expect(try JSONDecoder().decode([String].self, from: Data(json.utf8)) == strings, "\(json)")
            #expect(JSONStringArray.decode(json) == strings, "\(json)")
            // What JSONEncoder writes (it escapes "/") and PostgreSQL's jsonb prints (spaces) read too.
            let foundation = String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
            #expect(JSONStringArray.decode(foundation) == strings, "\(foundation)")
        }
        #expect(JSONStringArray.decode(#"[ "a" , "b\u00e9\ud83d\ude00" ]"#) == ["a", "bé😀"])
    }

    @Test("the byte encoder writes what the scalar encoder it replaced wrote, byte for byte")
    func sameBytesAsScalarEncoder() {
        var random = SplitMix64(seed: 37)
        // Every control character, both escaped ASCII characters, and scalars of two, three
        // and four UTF-8 bytes (one that decomposes, one combining mark, a flag's halves).
        let alphabet =
            (0..<0x20).compactMap(Unicode.Scalar.init)
            + Array("aZ09 \"\\/\u{7F}\u{80}é\u{0301}東😀🇯🇵\u{202E}\u{FEFF}[],:{}".unicodeScalars)
        var compared = 0
        for _ in 0..<5_000 {
            let strings = (0..<Int(random.next() % 5)).map { _ in
                String(
                    String.UnicodeScalarView(
                        (0..<Int(random.next() % 16)).map { _ in
                            alphabet[Int(random.next() % UInt64(alphabet.count))]
                        }))
            }
            // Compared as bytes: `String`'s `==` holds "é" and "e\u{301}" equal.
            #expect(
                Array(JSONStringArray.encode(strings).utf8) == Array(Self.scalarEncoded(strings).utf8), "\(strings)")
            compared += 1
        }
        #expect(compared == 5_000)
        #expect(JSONStringArray.encode([]) == "[]")
        #expect(JSONStringArray.encode(["", "\u{1}\u{1F}"]) == #"["","\u0001\u001f"]"#)
    }

    /// The encoder the stores used before issue #37's byte encoder: the reference it must match.
    private static func scalarEncoded(_ strings: [String]) -> String {
        var json = "["
        for (index, string) in strings.enumerated() {
            if index > 0 { json += "," }
            json += "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                case "\n": json += "\\n"
                case "\r": json += "\\r"
                case "\t": json += "\\t"
                case _ where scalar.value < 0x20:
                    json += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                default: json.unicodeScalars.append(scalar)
                }
            }
            json += "\""
        }
        return json + "]"
    }

    @Test(
        "anything but an array of strings is nil",
        arguments: ["", "[", "[1]", #"["a",]"#, #"["a"] x"#, #"{"a":1}"#, #"["\ud83d"]"#, "[\"a\u{1}\"]"])
    func rejects(json: String) {
        #expect(JSONStringArray.decode(json) == nil)
    }
}

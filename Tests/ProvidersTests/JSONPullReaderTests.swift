import Testing

@testable import Providers

@Suite("JSONPullReader", .timeLimit(.minutes(10)))
struct JSONPullReaderTests {
    /// Reads `text` whole, skipping every value: nil when it is JSON, else the failure.
    static func failure(reading text: String) -> JSONPullReader.Failure? {
        var reader = JSONPullReader(Array(text.utf8))
        do {
            try reader.readDocument { try $0.skipValue() }
            return nil
        } catch {
            return error as? JSONPullReader.Failure
        }
    }

    static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test("reads every kind of value, in order, escapes and all")
    func readsEveryKind() throws {
        let text =
            #" { "list" : [ 12, -2.5e3, true, false, null, "q\"b\\s\/\b\f\n\r\t\u00e9\ud83d\ude00" ], "empty": {} } "#
        var reader = JSONPullReader(Array(text.utf8))
        var keys: [String] = []
        var ints: [Int] = []
        var doubles: [Double] = []
        var bools: [Bool] = []
        var strings: [String] = []
        var nulls = 0
        try reader.readDocument { reader in
            try reader.readObject { reader, key in
                keys.append(key)
                guard key == "list" else { return try reader.readObject { _, _ in Issue.record("not empty") } }
                try reader.readArray { reader in
                    switch try reader.peekKind() {
                    case .number where ints.isEmpty: ints.append(try reader.readInt())
                    case .number: doubles.append(try reader.readDouble())
                    case .bool: bools.append(try reader.readBool())
                    case .null: nulls += try reader.readNull() ? 1 : 0
                    case .string: strings.append(try reader.readString())
                    default: Issue.record("unexpected kind")
                    }
                }
            }
        }
        #expect(keys == ["list", "empty"])
        #expect(ints == [12])
        #expect(doubles == [-2500])
        #expect(bools == [true, false])
        #expect(nulls == 1)
        #expect(strings == ["q\"b\\s/\u{08}\u{0C}\n\r\té😀"])
    }

    @Test("a number no Double holds is refused when read, as Foundation refuses it (found by libFuzzer)")
    func hugeNumbers() throws {
        for text in ["1e400", "-1e400", "1" + String(repeating: "4", count: 400)] {
            var reader = JSONPullReader(Array(text.utf8))
            #expect(throws: JSONPullReader.Failure.self, "\(text)") { try reader.readDocument { try $0.readDouble() } }
            #expect(Self.failure(reading: text) == nil, "skipping \(text) does not read its value")
        }
        var small = JSONPullReader(Array("1e-400".utf8))
        #expect(try small.readDocument { try $0.readDouble() } == 0)
    }

    @Test("a lone surrogate escape and ill-formed UTF-8 read as U+FFFD")
    func replacementCharacters() throws {
        var escaped = JSONPullReader(Array(#""a\ud800b""#.utf8))
        #expect(try escaped.readDocument { try $0.readString() } == "a\u{FFFD}b")
        var raw = JSONPullReader([0x22, 0x61, 0xFF, 0x62, 0x22])
        #expect(try raw.readDocument { try $0.readString() } == "a\u{FFFD}b")
    }

    @Test(
        "refuses what RFC 8259 refuses",
        arguments: [
            "", " ", "{", "[", "]", "{\"a\":1,}", "[1,]", "[,1]", "[01]", "[-01]", "[1.]", "[.5]", "[-]", "[1e]",
            "[1e+]", "[+1]", "[\"\\u12\"]", "[\"\\x\"]", "[\"tab\there\"]", "[\"open", "[tru]", "[nul]", "[True]",
            "{\"a\" 1}", "{1:2}", "{\"a\":}", "[1] x", "[1][2]", "{\"a\":1 \"b\":2}", "[1 2]", "'a'", "NaN",
            "[Infinity]",
        ])
    func refusesMalformed(text: String) {
        guard case .syntax = Self.failure(reading: text) else {
            Issue.record("\(text.debugDescription) was not refused as malformed")
            return
        }
    }

    @Test("a UTF-8 byte order mark is passed over; UTF-16 is not read")
    func byteOrderMark() throws {
        var marked = JSONPullReader([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        try marked.readDocument { try $0.skipValue() }
        var utf16 = JSONPullReader([0x00, 0x30])
        #expect(throws: JSONPullReader.Failure.self) { try utf16.readDocument { try $0.skipValue() } }
    }

    @Test("nests up to 256 levels and refuses one more, without running out of stack")
    func depthLimit() {
        #expect(Self.failure(reading: Self.nested(JSONPullReader.maxDepth)) == nil)
        let tooDeep = Self.failure(reading: Self.nested(JSONPullReader.maxDepth + 1))
        #expect(tooDeep?.description.contains("nested deeper than 256 levels") == true)
        #expect(Self.failure(reading: String(repeating: "[", count: 100_000)) != nil)
    }

    @Test("optional skips a value of the wrong kind whole and reads on after it")
    func optionalRecovers() throws {
        var reader = JSONPullReader(Array(#"{"n": {"deep": [1, {"x": "y"}]}, "m": 2, "s": null}"#.utf8))
        var values: [String] = []
        try reader.readDocument { reader in
            try reader.readObject { reader, key in
                values.append("\(key)=\(try reader.optional { try $0.readInt() }.map(String.init) ?? "nil")")
            }
        }
        #expect(values == ["n=nil", "m=2", "s=nil"])
    }

    @Test("a mismatch names what was wanted and where; syntax errors are not recovered from")
    func mismatchAndSyntax() {
        var reader = JSONPullReader(Array(#"{"n": [1, }"#.utf8))
        #expect(throws: JSONPullReader.Failure.self) {
            try reader.readDocument { reader in
                try reader.readObject { reader, _ in _ = try reader.optional { try $0.readInt() } }
            }
        }
        var wrongKind = JSONPullReader(Array("[1]".utf8))
        #expect(throws: JSONPullReader.Failure.mismatch("expected string, found array", offset: 0)) {
            try wrongKind.readString()
        }
    }

    @Test("whole numbers: 12, 12.0 and 1.2e1 are 12; 1.5 and 1e30 are not an Int; strings of digits are flexible")
    func wholeNumbers() throws {
        for text in ["12", "12.0", "1.2e1"] {
            var reader = JSONPullReader(Array(text.utf8))
            #expect(try reader.readDocument { try $0.readInt() } == 12)
        }
        for text in ["1.5", "1e30", "\"12\""] {
            var reader = JSONPullReader(Array(text.utf8))
            #expect(throws: JSONPullReader.Failure.self) { try reader.readInt() }
        }
        var flexible = JSONPullReader(Array(#"["12", 13, "x"]"#.utf8))
        #expect(try flexible.readDocument { try $0.readLossyArray { try $0.readFlexibleInt() } } == [12, 13])
    }
}

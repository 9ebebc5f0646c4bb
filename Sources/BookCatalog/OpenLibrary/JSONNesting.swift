/// How deep a JSON text nests, measured without parsing it: brackets outside strings, escapes
/// skipped. Lets a reader refuse a nesting bomb before its decoder recurses into it.
///
/// ```swift
/// JSONNesting.isWithin(Array(#"{"a":[1,{"b":"]]]"}]}"#.utf8)[...], depth: 3)   // true
/// ```
enum JSONNesting {
    /// Whether `json` never opens more than `depth` arrays and objects at once.
    static func isWithin(_ json: ArraySlice<UInt8>, depth: Int) -> Bool {
        json.withUnsafeBufferPointer { bytes in
            var level = 0
            var inString = false
            var escaped = false
            for byte in bytes {
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    level += 1
                    if level > depth { return false }
                case UInt8(ascii: "}"), UInt8(ascii: "]"): level -= 1
                default: break
                }
            }
            return true
        }
    }
}

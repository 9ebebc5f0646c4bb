extension [UInt8] {
    /// Appends the UTF-8 of `text` with a backslash before each backslash and each `quote` (an
    /// ASCII byte): byte by byte, since no byte of a multi-byte UTF-8 sequence is ASCII, and
    /// whole when `text` holds neither (nearly always). Array and lexeme literals are written so:
    /// built a character at a time, the array parameters of an import's look-ups alone took 5.6 %
    /// of its client's samples (perf, 500,000 books).
    mutating func appendEscaped(_ text: String, quote: UInt8) {
        var text = text
        text.withUTF8 { utf8 in
            let backslash = UInt8(ascii: "\\")
            guard utf8.contains(where: { $0 == quote || $0 == backslash }) else { return append(contentsOf: utf8) }
            for byte in utf8 {
                if byte == quote || byte == backslash { append(backslash) }
                append(byte)
            }
        }
    }
}

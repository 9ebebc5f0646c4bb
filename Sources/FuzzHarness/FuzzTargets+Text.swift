#if DEBUG
    import Foundation
    @testable import HTTPServer
    @testable import Networking
    @testable import ScoutModels
    import TerminalUI

    extension FuzzTargets {
        /// The terminal's key decoder: bytes split anywhere decode to the same keys as in one read
        /// (neighbouring text joined), as a terminal hands them over in arbitrary chunks.
        static let terminalKeys = FuzzTarget("terminal-keys") { data in
            let bytes = [UInt8](data)
            guard let first = bytes.first else { return [] }
            let split = Int(first) % (bytes.count + 1)
            var whole = KeyDecoder()
            let atOnce = joined(whole.feed(bytes) + whole.flush())
            var parts = KeyDecoder()
            let inTwo = joined(parts.feed(Array(bytes[..<split])) + parts.feed(Array(bytes[split...])) + parts.flush())
            return check(atOnce == inTwo, "split at \(split): \(atOnce) ≠ \(inTwo)")
        }

        private static func joined(_ keys: [Key]) -> [Key] {
            var result: [Key] = []
            for key in keys {
                if case .text(let text) = key, case .text(let previous)? = result.last {
                    result[result.count - 1] = .text(previous + text)
                } else {
                    result.append(key)
                }
            }
            return result
        }

        /// Query normalization is idempotent, and RFC 3986 encoding round-trips: the encoded
        /// value holds only unreserved characters and escapes, and decodes to the text again.
        static let searchQueries = FuzzTarget("search-query") { data in
            let raw = text(data)
            var problems: [String] = []
            if let query = try? SearchQuery(raw) {
                problems += check((try? SearchQuery(query.text))?.text == query.text, "normalizing twice changed it")
                let scalars = query.text.unicodeScalars
                problems += check(scalars.first != " " && scalars.last != " ", "untrimmed")
            }
            let encoded = QueryEncoding.encode(raw)
            problems += check(
                encoded.utf8.allSatisfy { QueryEncoding.isUnreserved($0) || $0 == UInt8(ascii: "%") },
                "not encoded: \(encoded)")
            let decoded = PercentDecoding.decode(Array(encoded.utf8), plusAsSpace: false, strict: true)
            problems += check(decoded == Array(raw.utf8), "round trip lost \(raw.debugDescription)")
            return problems
        }

        /// The server's request target: what it accepts is an absolute path without control
        /// characters, backslashes or dot segments, and its query parameters always parse.
        static let requestTargets = FuzzTarget("request-target") { data in
            let raw = text(data)
            _ = QueryParameters(raw: raw)
            _ = PercentDecoding.decode(Array(data), plusAsSpace: true, strict: false)
            guard let target = try? RequestTarget(raw: raw) else { return [] }
            // Bytes, not characters: "/" and a combining mark after it are one Character.
            let path = Array(target.path.utf8)
            let segments = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            return check(path.first == UInt8(ascii: "/"), "relative path \(target.path.debugDescription)")
                + check(!path.contains { $0 < 0x20 || $0 == 0x7F }, "control in path")
                + check(!path.contains(UInt8(ascii: "\\")), "backslash in path")
                + check(
                    !segments.contains { $0.elementsEqual("..".utf8) },
                    "dot-dot segment in \(target.path.debugDescription)")
        }
    }
#endif

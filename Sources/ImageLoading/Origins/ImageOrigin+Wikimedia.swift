import Foundation
import ScoutModels

extension ImageOrigin {
    /// Wikimedia's upload server, where Wikipedia's and Commons' thumbnails live.
    ///
    /// Keys are `<family>/<project>/thumb/<h>/<hh>/<File>/<N>px-<name>.<jpg|png|gif|webp>` or
    /// `<family>/<project>/<h>/<hh>/<File>.<jpg|png|gif|webp>`, where `hh` is two hex digits
    /// starting with `h`. The `utm_*` tags Wikipedia's API appends to thumbnail URLs are dropped.
    ///
    /// ```swift
    /// let production = ImageOrigin.wikimedia()
    /// let test = ImageOrigin.wikimedia(base: URL(string: "http://127.0.0.1:8081/")!)   // a fake upload server
    /// ```
    public static func wikimedia(
        source: SourceID = .wikipedia, base: URL = URL(string: "https://upload.wikimedia.org/")!
    ) -> ImageOrigin {
        ImageOrigin(source: source, base: base, rules: wikimediaRules)
    }

    /// The shape of a Wikimedia upload path.
    public static let wikimediaRules = ImageKeyRules(ignoredQueryPrefixes: ["utm_"]) { segments in
        guard segments.count == 5 || segments.count == 7, wikimediaFamilies.contains(String(segments[0])),
            isProjectName(segments[1])
        else { return false }
        if segments.count == 7 {
            return segments[2] == "thumb" && isHashPair(segments[3], segments[4]) && isThumbnailName(segments[6])
        }
        return isHashPair(segments[2], segments[3]) && ImageKeyRules.hasImageExtension(segments[4])
    }

    private static let wikimediaFamilies: Set<String> = [
        "wikipedia", "wikibooks", "wikinews", "wikiquote", "wikisource", "wikiversity", "wikivoyage",
        "wiktionary", "wikimedia", "wikispecies",
    ]

    /// `commons`, `en`, `zh-min-nan`: lower-case letters, digits and hyphens.
    private static func isProjectName(_ segment: Substring) -> Bool {
        // All ASCII once the scalars pass, so the byte count is the character count.
        segment.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            && (1...40).contains(segment.utf8.count)
    }

    /// `a` and `ab`: one hex digit, then two starting with it.
    private static func isHashPair(_ first: Substring, _ second: Substring) -> Bool {
        let hex = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) }
        return first.unicodeScalars.count == 1 && second.unicodeScalars.count == 2 && second.hasPrefix(first)
            && second.unicodeScalars.allSatisfy(hex)
    }

    /// `120px-X.jpg`, `lossy-page1-120px-X.tif.jpg`: an optional option prefix, a width in px,
    /// a name, and an image extension.
    private static func isThumbnailName(_ name: Substring) -> Bool {
        guard ImageKeyRules.hasImageExtension(name), let px = pxRange(in: name) else { return false }
        let beforePx = name[..<px.lowerBound]
        let digits = beforePx.reversed().prefix { $0.isASCII && $0.isNumber }
        let options = beforePx.dropLast(digits.count)
        guard (1...5).contains(digits.count), name[px.upperBound...].count > 0 else { return false }
        return options.isEmpty
            || (options.hasSuffix("-")
                && options.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                })
    }

    /// `name.range(of: "px-")`: in ASCII, where Foundation's search matches byte for byte, the
    /// first `px-` bytes; other text goes through Foundation.
    static func pxRange(in name: Substring) -> Range<String.Index>? {
        let bytes = name.utf8
        var found: Range<String.Index>?
        var (index, seen) = (bytes.startIndex, 0)  // seen: how much of "px-" ends at index
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte >= 0x80 { return name.range(of: "px-") }
            bytes.formIndex(after: &index)
            if found != nil { continue }
            switch byte {
            case UInt8(ascii: "p"): seen = 1
            case UInt8(ascii: "x") where seen == 1: seen = 2
            case UInt8(ascii: "-") where seen == 2:
                found = bytes.index(index, offsetBy: -3)..<index
            default: seen = 0
            }
        }
        return found
    }
}

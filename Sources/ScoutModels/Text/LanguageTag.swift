import Foundation

/// A language code as a source writes it, made a BCP 47 tag an HTML `lang` attribute takes:
/// catalogs write ISO 639-2 codes (`eng`, `jpn`, `fre`) where BCP 47 wants the two-letter
/// one (`en`, `ja`, `fr`), and Goodreads' `en-US` is already a tag.
///
/// ```swift
/// LanguageTag.normalized("jpn")     // "ja"
/// LanguageTag.normalized("en-US")   // "en-US"
/// LanguageTag.normalized("mul")     // nil: several languages say nothing about one title
/// LanguageTag.normalized("<b>")     // nil
/// ```
public enum LanguageTag {
    public static func normalized(_ code: String?) -> String? {
        guard let code else { return nil }
        let trimmed = code.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-")
        let subtags = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, (2...3).contains(first.count), trimmed.count <= 35,
            subtags.allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            }),
            first.allSatisfy(\.isLetter)
        else { return nil }
        let primary = first.lowercased()
        guard !["mul", "und", "zxx", "mis"].contains(primary) else { return nil }
        let shortest = twoLetter[primary] ?? primary
        return ([shortest] + subtags.dropFirst().map(String.init)).joined(separator: "-")
    }

    /// ISO 639-2 (bibliographic and terminology) codes of the languages catalogs hold most,
    /// with their ISO 639-1 codes.
    private static let twoLetter: [String: String] = [
        "eng": "en", "jpn": "ja", "kor": "ko", "zho": "zh", "chi": "zh", "fre": "fr", "fra": "fr", "ger": "de",
        "deu": "de", "spa": "es", "ita": "it", "por": "pt", "rus": "ru", "ara": "ar", "dut": "nl", "nld": "nl",
        "swe": "sv", "nor": "no", "dan": "da", "fin": "fi", "pol": "pl", "tur": "tr", "gre": "el", "ell": "el",
        "heb": "he", "hin": "hi", "ind": "id", "vie": "vi", "tha": "th", "per": "fa", "fas": "fa", "cze": "cs",
        "ces": "cs", "hun": "hu", "rum": "ro", "ron": "ro", "ukr": "uk", "cat": "ca", "lat": "la",
    ]
}

import Foundation

/// A Flickr API key that never shows itself (SECURITY.md T3): printing, interpolating, dumping
/// or mirroring it gives `FlickrAPIKey(redacted)`; only the Flickr endpoint reads the value.
///
/// ```swift
/// let key = FlickrAPIKey("0123456789abcdef0123456789abcdef")
/// print(key as Any)   // Optional(FlickrAPIKey(redacted))
/// ```
public struct FlickrAPIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The key itself; module-internal so that it cannot leave by accident.
    let value: String

    /// A key, or nil when `value` is empty after trimming or holds spaces or control characters
    /// (a pasted key with a line break would otherwise end up in the request).
    public init?(_ value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            return nil
        }
        self.value = trimmed
    }

    public var description: String { "FlickrAPIKey(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// `text` with every occurrence of the key replaced by `[redacted]`, for error details that
    /// quote URLs.
    func redact(_ text: String) -> String {
        text.replacingOccurrences(of: value, with: "[redacted]")
    }
}

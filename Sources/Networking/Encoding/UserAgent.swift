import Foundation
import ScoutModels

/// The User-Agent every upstream call carries: `Scout/<version> (<contact>)`. Wikimedia blocks
/// generic agents, and their policy asks for a way to reach the operator.
///
/// ```swift
/// UserAgent.make(contact: "ops@example.org")   // "Scout/0.1.0 (ops@example.org)"
/// UserAgent.make(contact: nil)                 // "Scout/0.1.0 (https://…)"
/// ```
public enum UserAgent {
    /// The agent string with `contact` (an operator's e-mail or web page), else the project's URL.
    public static func make(contact: String?) -> String {
        let contact = contact.map(clean).flatMap { $0.isEmpty ? nil : $0 }
        return "Scout/\(ScoutVersion.current) (\(contact ?? ScoutVersion.projectURL))"
    }

    /// Keeps printable ASCII other than parentheses, so the header stays well-formed.
    private static func clean(_ contact: String) -> String {
        String(contact.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F && $0 != "(" && $0 != ")" })
            .trimmingCharacters(in: .whitespaces)
    }
}

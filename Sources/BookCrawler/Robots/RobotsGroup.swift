import Foundation

/// One group of a robots.txt file: the user agents it names and the rules that follow them.
///
/// ```swift
/// RobotsGroup.parse("User-agent: a\nUser-agent: b\nDisallow: /x")   // one group for a and b
/// ```
struct RobotsGroup: Equatable {
    /// Product tokens, lower-cased; `*` for every crawler.
    var agents: [String] = []
    var rules: [RobotsRule] = []
    /// Seconds, as written.
    var crawlDelay: Double?

    /// The groups of `text`, in file order. Consecutive `User-agent` lines open one group; a
    /// `User-agent` after rules opens the next. Lines before the first group, unknown fields and
    /// comments are ignored, as the RFC asks. Of a hostile file, only the first
    /// ``RobotsPolicy/maxFileBytes`` are read, only the first ``RobotsPolicy/maxRules`` rules
    /// kept (``RobotsPolicy/maxWildcardRules`` with a `*`), and a rule longer than
    /// ``RobotsRule/maxPatternBytes`` ignored.
    static func parse(_ text: String) -> [RobotsGroup] {
        var groups: [RobotsGroup] = []
        var current: RobotsGroup?
        var lastWasAgent = false
        var (rules, wildcardRules) = (0, 0)
        // A byte order mark may start the file.
        var body = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        if body.utf8.count > RobotsPolicy.maxFileBytes {
            // Up to the last whole line: a rule cut short would say something its site did not.
            let head = body.utf8.prefix(RobotsPolicy.maxFileBytes)
            body = String(decoding: head[..<(head.lastIndex(of: UInt8(ascii: "\n")) ?? head.startIndex)], as: UTF8.self)
        }
        // `isNewline` also splits "\r\n", which Swift reads as one character.
        for line in body.split(whereSeparator: \.isNewline) {
            guard let (field, value) = fieldAndValue(in: line) else { continue }
            if field == "user-agent" {
                if !lastWasAgent, let finished = current { groups.append(finished) }
                if !lastWasAgent { current = RobotsGroup() }
                current?.agents.append(productToken(of: value))
                lastWasAgent = true
                continue
            }
            lastWasAgent = false
            switch field {
            case "allow", "disallow":
                // An empty Disallow allows everything; it adds no rule.
                let isWildcard = value.contains("*")
                guard !value.isEmpty, value.utf8.count <= RobotsRule.maxPatternBytes, current != nil,
                    rules < RobotsPolicy.maxRules, !isWildcard || wildcardRules < RobotsPolicy.maxWildcardRules
                else { continue }
                rules += 1
                if isWildcard { wildcardRules += 1 }
                current?.rules.append(RobotsRule(isAllow: field == "allow", pattern: value))
            case "crawl-delay":
                if let seconds = Double(value), seconds.isFinite, (0...86_400).contains(seconds) {
                    let earlier = current?.crawlDelay ?? 0
                    current?.crawlDelay = max(earlier, seconds)
                }
            default:
                break  // Sitemap, Host, Clean-param …
            }
        }
        if let last = current { groups.append(last) }
        return groups
    }

    /// The field name (lower-cased) and value of a `Field: value # comment` line.
    private static func fieldAndValue(in line: Substring) -> (String, String)? {
        var content = line
        if let hash = content.firstIndex(of: "#") { content = content[..<hash] }
        guard let colon = content.firstIndex(of: ":") else { return nil }
        let field = content[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = content[content.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return field.isEmpty ? nil : (field, value)
    }

    /// `Scout/1.0 (+https://…)` names the product `scout`.
    private static func productToken(of value: String) -> String {
        String(value.prefix { !$0.isWhitespace && $0 != "/" }).lowercased()
    }
}

/// One API request's parameters, read as MediaWiki reads them, plus the warnings and limits
/// collected while answering it.
struct MediaWikiRequest {
    /// How replies are serialized (`formatversion`, `utf8`, `ascii`).
    enum FormatVersion {
        case one
        case two
    }

    /// How errors and warnings are written (`errorformat`).
    enum ErrorFormat {
        /// `{"error":{"code","info","*"|"docref"}}` — the default (`bc`).
        case classic
        /// `{"errors":[{"code","text","module"}]}` for `plaintext`, `wikitext` and `html`.
        case text
        /// `{"errors":[{"code","key","params","module"}]}`.
        case raw
        /// `{"errors":[{"code","module"}]}`.
        case none
    }

    private let values: [String: String]
    /// Every parameter name, in order of first appearance.
    let names: [String]
    private(set) var warnings: [MediaWikiWarning] = []
    private(set) var limits: [(String, Int)] = []

    let formatVersion: FormatVersion
    let errorFormat: ErrorFormat
    /// Whether non-ASCII characters are written as `\uXXXX`.
    let escapesNonASCII: Bool
    /// Whether `formatversion` had a value MediaWiki does not know.
    let badFormatVersion: String?

    /// Parameters from the query string and, for a form POST, the body; later values win.
    init(items: [(name: String, value: String)]) {
        var values: [String: String] = [:]
        var names: [String] = []
        for item in items {
            if values.updateValue(item.value, forKey: item.name) == nil { names.append(item.name) }
        }
        self.values = values
        self.names = names
        switch values["formatversion"] {
        case nil, "1":
            formatVersion = .one
            badFormatVersion = nil
        case "2", "latest":
            formatVersion = .two
            badFormatVersion = nil
        case let other?:
            formatVersion = .one
            badFormatVersion = other
        }
        switch values["errorformat"] {
        case nil, "bc": errorFormat = .classic
        case "raw": errorFormat = .raw
        case "none": errorFormat = .none
        default: errorFormat = .text
        }
        escapesNonASCII = formatVersion == .one ? values["utf8"] == nil : values["ascii"] != nil
    }

    subscript(name: String) -> String? { values[name] }

    /// A MediaWiki boolean: true when present, whatever its value (even `false`).
    func flag(_ name: String) -> Bool { values[name] != nil }

    /// A multi-value parameter: `a|b|c`, or `\u{1F}a\u{1F}b` when it starts with U+001F.
    func list(_ name: String) -> [String] {
        guard let value = values[name], !value.isEmpty else { return [] }
        if value.hasPrefix("\u{1F}") { return value.dropFirst().split(separator: "\u{1F}").map(String.init) }
        return value.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }

    /// A required, non-empty string parameter.
    func required(_ name: String, module: String) throws(MediaWikiError) -> String {
        guard let value = values[name], !value.isEmpty else { throw .missingParameter(name, module: module) }
        return value
    }

    /// An integer parameter, `default` when absent.
    func integer(_ name: String, default defaultValue: Int, module: String) throws(MediaWikiError) -> Int {
        guard let raw = values[name], !raw.isEmpty else { return defaultValue }
        guard let value = Int(raw.trimmingPrefix("+")) else { throw .badInteger(name, raw, module: module) }
        return value
    }

    /// A limit parameter: `default` when absent, `max` for "max" (reported under `limits`),
    /// clamped to 1…`max` with a warning otherwise.
    mutating func limit(
        _ name: String, default defaultValue: Int, max maximum: Int, module: String
    ) throws(MediaWikiError) -> Int {
        if values[name] == "max" {
            limits.append((module.split(separator: "+").last.map(String.init) ?? module, maximum))
            return maximum
        }
        let value = try integer(name, default: defaultValue, module: module)
        if value > maximum {
            warn(
                "integeroutofrange",
                #"Invalid value "\#(value)" for limit parameter "\#(name)": must be no greater than \#(maximum)."#,
                module: module)
            return maximum
        }
        if value < 1 {
            warn(
                "integeroutofrange",
                #"Invalid value "\#(value)" for limit parameter "\#(name)": must be no less than 1."#,
                module: module)
            return 1
        }
        return value
    }

    /// A namespace list such as `0|14`; `[0]` when absent.
    func namespaces(_ name: String, module: String) throws(MediaWikiError) -> Set<Int> {
        let raw = list(name)
        guard !raw.isEmpty else { return [0] }
        var namespaces: Set<Int> = []
        for value in raw {
            if value == "*" { return Set(-2...3000) }
            guard let namespace = Int(value) else { throw .badValue(name, value, module: module) }
            namespaces.insert(namespace)
        }
        return namespaces
    }

    mutating func warn(_ code: String, _ text: String, module: String) {
        warnings.append(MediaWikiWarning(code: code, text: text, module: module))
    }
}

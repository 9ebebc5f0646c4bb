import Foundation

/// The one redaction of every URL Scout prints — in errors, logs (the access log's request
/// targets too), `scout books stats`, `/readyz` and `/metrics`: the password of the user info,
/// and the value of every query parameter whose name, percent-decoded and in any case, contains
/// a word that names a secret (`password`, `sslpassword`, `pass%77ord`, `api_key`, `token`,
/// `client_secret` …) or is one of ``secretNames`` (`sig`, `session` …), become `***`. Text that is not a URL (no `scheme://`), such as a file path, is left as it is.
///
/// ```swift
/// URLRedaction.redacted("postgres://scout:s3cret@db/books?sslpassword=x&sslmode=require")
/// // "postgres://scout:***@db/books?sslpassword=***&sslmode=require"
/// ```
public enum URLRedaction {
    /// What a secret is replaced with.
    public static let mask = "***"

    /// Words that make a query parameter's name a secret's, found anywhere in the lowercased
    /// name: `sslpassword` and `PASSWORD` name one, as do `api_key` and `access_token`.
    public static let secretWords = ["password", "passwd", "secret", "key", "token", "credential"]

    /// Whole names that hold a secret though no secret word is in them (as a word they would
    /// catch `author` and `signal`): signed URLs' signatures and session ids.
    public static let secretNames: Set<String> = ["auth", "sig", "signature", "session", "sid"]

    /// `url` with every secret replaced by ``mask``.
    public static func redacted(_ url: String) -> String {
        guard let parts = URLParts(url) else { return url }
        return parts.rebuilt { _ in mask }
    }

    /// The secrets `url` holds, as written and percent-decoded: what a message quoting part of
    /// the URL (a library's error) must be scrubbed of.
    public static func secrets(in url: String) -> [String] {
        guard let parts = URLParts(url) else { return [] }
        var found: [String] = []
        _ = parts.rebuilt { secret in
            found.append(String(secret))
            return String(secret)
        }
        found += found.compactMap { $0.removingPercentEncoding }
        return Array(Set(found.filter { !$0.isEmpty })).sorted { $0.count > $1.count }
    }

    /// Whether `url` holds a secret: a password in its user info or a secret-named parameter.
    public static func hasSecret(_ url: String) -> Bool {
        guard let parts = URLParts(url) else { return false }
        var has = false
        _ = parts.rebuilt { secret in
            has = true
            return String(secret)
        }
        return has
    }

    /// Whether a query parameter called `name` (as written, maybe percent-encoded) holds a
    /// secret: `isSecretName("pass%77ord") == true`.
    public static func isSecretName(_ name: some StringProtocol) -> Bool {
        let decoded = (String(name).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(name))
            .lowercased()
        return secretNames.contains(decoded) || secretWords.contains { decoded.contains($0) }
    }

    /// A request target (`/path?query`, as a server reads it) with every secret-named query
    /// parameter's value replaced by ``mask``: what an access log prints.
    ///
    /// ```swift
    /// URLRedaction.redactedTarget("/search?q=cats&api_key=k")  // "/search?q=cats&api_key=***"
    /// ```
    public static func redactedTarget(_ target: String) -> String {
        guard let question = target.firstIndex(of: "?") else { return target }
        let query = target[target.index(after: question)...]
        return target[...question] + URLParts.rebuilt(query: query) { _ in mask }
    }

    /// `message` with every secret of `url` replaced by ``mask``.
    public static func scrubbed(_ message: String, of url: String) -> String {
        secrets(in: url).reduce(message) { text, secret in text.replacingOccurrences(of: secret, with: mask) }
    }
}

/// A URL cut where secrets can be: `scheme://`, user info, host and path, query, fragment.
private struct URLParts {
    let scheme: Substring
    let userinfo: Substring?
    let hostAndPath: Substring
    let query: Substring?
    let fragment: Substring?

    init?(_ url: String) {
        guard let separator = url.range(of: "://"),
            url[..<separator.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
            !url[..<separator.lowerBound].isEmpty
        else { return nil }
        scheme = url[..<separator.upperBound]
        var rest = url[separator.upperBound...]
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[hash...]
            rest = rest[..<hash]
        } else {
            fragment = nil
        }
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        } else {
            query = nil
        }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@") {
            userinfo = rest[..<at]
            hostAndPath = rest[at...]
        } else {
            userinfo = nil
            hostAndPath = rest
        }
    }

    /// The URL again, each secret replaced by what `replace` gives for it.
    func rebuilt(_ replace: (Substring) -> String) -> String {
        var text = String(scheme)
        if let userinfo {
            if let colon = userinfo.firstIndex(of: ":") {
                let password = userinfo[userinfo.index(after: colon)...]
                text += userinfo[...colon] + (password.isEmpty ? "" : replace(password))
            } else {
                text += userinfo
            }
        }
        text += hostAndPath
        if let query { text += "?" + Self.rebuilt(query: query, replace) }
        return text + (fragment ?? "")
    }

    /// `query` again, the value of each secret-named parameter replaced by what `replace` gives.
    static func rebuilt(query: Substring, _ replace: (Substring) -> String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { parameter in
            guard let equals = parameter.firstIndex(of: "="), URLRedaction.isSecretName(parameter[..<equals])
            else { return String(parameter) }
            let value = parameter[parameter.index(after: equals)...]
            return parameter[...equals] + (value.isEmpty ? "" : replace(value))
        }.joined(separator: "&")
    }
}

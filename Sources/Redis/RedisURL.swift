import Foundation

/// Where a Redis server is and how to log in: `redis://[[user]:password@]host[:port][/db]`, with
/// a form that is safe to print.
///
/// ``description`` (and `dump`, `Mirror`, string interpolation) shows `***` for the password;
/// errors about a malformed URL never quote it. The password is percent-decoded, so a `@` or
/// `:` in it is written `%40` or `%3A`. `rediss://` (TLS) is refused with a sentence: this build
/// has no TLS.
///
/// ```swift
/// let url = try RedisURL("redis://:s3cret@cache.internal:6380/2")
/// print(url)  // redis://:***@cache.internal:6380/2
/// let client = RedisClient(url: url)
/// ```
public struct RedisURL: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The port a URL without one means: 6379.
    public static let defaultPort = 6379

    /// The host name or address, without brackets for IPv6: `"cache.internal"`, `"::1"`.
    public let host: String
    /// The TCP port, 1 to 65535.
    public let port: Int
    /// The database number `SELECT`ed after every connect.
    public let database: Int
    /// The ACL user name (Redis 6+), or `nil` for the default user.
    public let username: String?
    /// The password sent with `AUTH`; only this module reads it.
    let password: String?

    /// Whether the URL carries a password.
    public var hasPassword: Bool { password != nil }

    /// The URL with the password replaced by `***`: `redis://:***@127.0.0.1:6379/0`.
    public var description: String {
        var text = "redis://"
        if username != nil || password != nil {
            text += (username ?? "") + (password == nil ? "" : ":***") + "@"
        }
        return text + address + "/\(database)"
    }

    /// `host:port` (IPv6 hosts in brackets), for messages: `127.0.0.1:6379`.
    public var address: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }

    /// Fields for `dump` and debuggers, the password shown as `***`.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "host": host, "port": port, "database": database, "username": username as Any,
                "password": password == nil ? "nil" : "***",
            ])
    }

    /// A URL from its parts, as they are (not percent-encoded).
    ///
    /// ```swift
    /// let url = RedisURL(host: "127.0.0.1", port: 6380, password: "s3cret")
    /// ```
    public init(
        host: String = "127.0.0.1", port: Int = RedisURL.defaultPort, database: Int = 0, username: String? = nil,
        password: String? = nil
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.username = username
        self.password = password
    }

    /// The same server with `password` (from a file or the environment, so that it never shows
    /// in `ps`) instead of the URL's.
    ///
    /// ```swift
    /// let url = try RedisURL("redis://cache.internal:6379/0").replacingPassword(with: secret)
    /// ```
    public func replacingPassword(with password: String) -> RedisURL {
        RedisURL(host: host, port: port, database: database, username: username, password: password)
    }

    /// Parses `redis://[[user]:password@]host[:port][/db]`. Throws a ``RedisError`` of kind
    /// `.invalidURL` whose sentence says what is wrong without quoting the text (which may hold a
    /// password).
    ///
    /// ```swift
    /// let url = try RedisURL("redis://127.0.0.1:6379/0")
    /// ```
    public init(_ string: String) throws(RedisError) {
        let schemeEnd = string.range(of: "://")
        let scheme = schemeEnd.map { string[..<$0.lowerBound].lowercased() }
        guard let schemeEnd, scheme == "redis" else {
            if scheme == "rediss" {
                throw .invalidURL(
                    "This build of Scout has no TLS for Redis (rediss://): use redis:// on a trusted network, "
                        + "or reach the server through a TLS tunnel such as stunnel.")
            }
            throw .invalidURL(
                "The Redis URL must look like redis://:password@host:port/db, as in redis://127.0.0.1:6379/0.")
        }
        let rest = string[schemeEnd.upperBound...]
        guard !rest.contains(where: { $0 == "?" || $0 == "#" }) else {
            throw .invalidURL("The Redis URL takes no query (?…) or fragment (#…): remove them.")
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        var username: String?
        var password: String?
        if let at = authority.lastIndex(of: "@") {
            (username, password) = try Self.credentials(authority[..<at])
            authority = authority[authority.index(after: at)...]
        }
        let (host, port) = try Self.hostAndPort(authority)
        self.init(
            host: host, port: port, database: try Self.database(rest[slash...]), username: username,
            password: password)
    }

    /// `message` with the password replaced by `***`, for text from a server or library that might
    /// quote it.
    func scrubbed(_ message: String) -> String {
        guard let password, !password.isEmpty else { return message }
        return message.replacingOccurrences(of: password, with: "***")
    }

    private static func credentials(_ userinfo: Substring) throws(RedisError) -> (String?, String?) {
        guard let colon = userinfo.firstIndex(of: ":") else {
            throw .invalidURL(
                "The Redis URL's credentials must be :password@ or user:password@ (a user name alone logs nobody in).")
        }
        guard let user = userinfo[..<colon].removingPercentEncoding,
            let password = userinfo[userinfo.index(after: colon)...].removingPercentEncoding
        else {
            throw .invalidURL("The Redis URL's user name or password has a bad %-escape: write % itself as %25.")
        }
        return (user.isEmpty ? nil : user, password.isEmpty ? nil : password)
    }

    private static func hostAndPort(_ authority: Substring) throws(RedisError) -> (String, Int) {
        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw .invalidURL("The Redis URL's IPv6 address lacks its closing bracket, as in redis://[::1]:6379/0.")
            }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .invalidURL("The Redis URL has text after its IPv6 address.") }
                portText = after.dropFirst()
            }
            guard host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }), host.contains(":") else {
                throw .invalidURL("The Redis URL's IPv6 address is not one, as in redis://[::1]:6379/0.")
            }
        } else {
            let colon = authority.firstIndex(of: ":")
            host = authority[..<(colon ?? authority.endIndex)]
            portText = colon.map { authority[authority.index(after: $0)...] }
            let allowed: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }
            guard !host.isEmpty, host.allSatisfy(allowed) else {
                throw .invalidURL(
                    "The Redis URL needs a host name or address of letters, digits, '-' and '.', "
                        + "as in redis://127.0.0.1:6379/0.")
            }
        }
        guard let portText else { return (String(host), defaultPort) }
        guard portText.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(portText), (1...65535).contains(port)
        else {
            throw .invalidURL("The Redis URL's port must be a number from 1 to 65535, as in redis://127.0.0.1:6379/0.")
        }
        return (String(host), port)
    }

    private static func database(_ path: Substring) throws(RedisError) -> Int {
        let text = path.dropFirst()  // the "/"
        guard !text.isEmpty else { return 0 }
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let database = Int(text), database <= Int(Int32.max)
        else {
            throw .invalidURL("The Redis URL's path must be a database number, as the 0 in redis://127.0.0.1:6379/0.")
        }
        return database
    }
}

import Foundation
import Networking

/// The one form of a URL the loader connects to, rebuilt from its parsed parts so that what
/// the policy checked is exactly what the network library sees: `http` or `https`, a
/// lower-case host of letters, digits, dots and hyphens (or a bracketed IPv6 address), an
/// optional port, a percent-encoded path and query; no user, no password, no fragment.
enum HopURL {
    /// The canonical form, or nil when the URL is not one the loader will ever fetch.
    static func canonical(_ url: URL) -> URL? {
        let text = url.absoluteString
        guard text.utf8.count <= 4096,
            !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value >= 0x7F || $0 == "\\" }),
            let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            components.percentEncodedUser == nil, components.percentEncodedPassword == nil,
            let host = components.percentEncodedHost?.lowercased(), isValidHost(host)
        else { return nil }
        var rebuilt = "\(scheme)://\(host)"
        if let port = components.port {
            guard (1...65535).contains(port) else { return nil }
            rebuilt += ":\(port)"
        }
        let path = components.percentEncodedPath
        guard path.isEmpty || path.hasPrefix("/") else { return nil }
        rebuilt += path.isEmpty ? "/" : path
        if let query = components.percentEncodedQuery { rebuilt += "?" + query }
        guard let canonical = URL(string: rebuilt),
            hostWithoutBrackets(canonical.host?.lowercased() ?? "") == hostWithoutBrackets(host)
        else {
            return nil
        }
        return canonical
    }

    /// The target of a redirect from `current`, resolved and made canonical.
    static func redirectTarget(_ location: String, from current: URL) -> URL? {
        guard !location.isEmpty, location.utf8.count <= 4096,
            let target = URL(string: location, relativeTo: current)?.absoluteURL
        else { return nil }
        return canonical(target)
    }

    private static func isValidHost(_ host: String) -> Bool {
        guard !host.isEmpty, host.utf8.count <= 253 else { return false }
        if host.hasPrefix("[") {
            return host.hasSuffix("]") && IPAddress(host) != nil
        }
        return host.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
        }
            && !host.hasPrefix(".") && !host.contains("..")
    }

    private static func hostWithoutBrackets(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
}

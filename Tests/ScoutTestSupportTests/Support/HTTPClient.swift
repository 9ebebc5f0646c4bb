import Foundation
import HTTPServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A reply as the tests look at it.
struct HTTPReply: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// A header by name, ignoring case.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    func json() throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: body) }
}

/// A tiny URLSession client: GET with a raw query string, a User-Agent and a deadline.
enum HTTPClient {
    static let userAgent = "ScoutTests/1.0 (https://example.org/scout; scout@example.org)"

    /// Percent-encodes `value` with RFC 3986's unreserved set, so `+` goes out as `%2B`.
    static func encode(_ value: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    /// `base?name=value&…` with each value encoded by ``encode(_:)``.
    static func url(_ base: URL, _ parameters: KeyValuePairs<String, String>) -> URL {
        url(base, query: parameters.map { "\(encode($0.key))=\(encode($0.value))" }.joined(separator: "&"))
    }

    /// `base?query` with `query` sent exactly as given.
    static func url(_ base: URL, query: String) -> URL {
        URL(string: base.absoluteString + "?" + query)!
    }

    /// GETs `url`; throws URLSession's error (`URLError(.timedOut)` after `timeout` of silence, in
    /// whole seconds: URLSession rounds fractions down). A bound on a test gone wrong, which a
    /// passing one never reaches; a test that gives up on a request cancels it.
    static func get(
        _ url: URL, userAgent: String = userAgent, timeout: Duration = .seconds(5),
        method: String = "GET", body: Data? = nil, contentType: String? = nil
    ) async throws -> HTTPReply {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        request.httpBody = body
        request.timeoutInterval = max(1, Double(timeout.components.seconds))
        let prepared = request
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: prepared)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        return HTTPReply(status: http.statusCode, headers: headers, body: data)
    }
}

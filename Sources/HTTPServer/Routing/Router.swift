/// Maps method + path patterns to handlers; answers 404, and 405 with `Allow`.
///
/// Patterns are literal segments, `:name` parameters and a final `*name` catch-all.
///
/// ```swift
/// var router = Router()
/// router.add(.get, "/healthz", immediate: { _ in .text("ok") })
/// router.add(.get, "/api/v1/books/:id") { request in
///     try await books.reply(for: request.pathParameters["id"]!)
/// }
/// ```
public struct Router: HTTPResponder {
    private var exact: [String: [HTTPMethod: Handler]] = [:]
    private var patterned: [(pattern: RoutePattern, text: String, handlers: [HTTPMethod: Handler])] = []

    /// Told of every finished request (see ``RequestObserver``); nil tells no one.
    public var observer: (any RequestObserver)?

    public init() {}

    /// Adds a handler; a later one for the same method and pattern replaces the earlier.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, handler: Handler) {
        let parsed = RoutePattern(pattern)
        if parsed.isLiteral {
            exact[parsed.literalPath, default: [:]][method] = handler
        } else if let index = patterned.firstIndex(where: { $0.pattern == parsed }) {
            patterned[index].handlers[method] = handler
        } else {
            patterned.append((parsed, pattern, [method: handler]))
        }
    }

    /// Adds an async handler.
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String,
        _ handler: @escaping @Sendable (Request) async throws -> Response
    ) {
        add(method, pattern, handler: .deferred(handler))
    }

    /// Adds a handler that answers synchronously on the server thread.
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String,
        immediate handler: @escaping @Sendable (Request) throws -> Response
    ) {
        add(method, pattern, handler: .immediate(handler))
    }

    public func handler(for request: inout Request) -> Handler {
        let candidates: [HTTPMethod: Handler]
        if let handlers = exact[request.path] {
            candidates = handlers
            request.route = request.path
        } else if let (route, parameters) = matchPattern(request.path) {
            candidates = route.handlers
            request.pathParameters = parameters
            request.route = route.text
        } else {
            return .immediate { _ in throw HTTPError.notFound }
        }
        if let handler = candidates[request.method] ?? (request.method == .head ? candidates[.get] : nil) {
            return handler
        }
        var allowed = Array(candidates.keys)
        if allowed.contains(.get), !allowed.contains(.head) { allowed.append(.head) }
        let sorted = allowed.sorted { $0.rawValue < $1.rawValue }
        return .immediate { _ in throw HTTPError.methodNotAllowed(allowed: sorted) }
    }

    private func matchPattern(_ path: String) -> ((text: String, handlers: [HTTPMethod: Handler]), PathParameters)? {
        for route in patterned {
            if let parameters = route.pattern.match(path) { return ((route.text, route.handlers), parameters) }
        }
        return nil
    }
}

/// A parsed route pattern such as `/api/v1/books/:id/related` or `/static/*path`.
struct RoutePattern: Equatable {
    enum Segment: Equatable {
        case literal(String)
        case parameter(String)
        case catchAll(String)
    }

    let segments: [Segment]

    init(_ pattern: String) {
        segments = pattern.split(separator: "/", omittingEmptySubsequences: true).map { part in
            if part.hasPrefix(":") { return .parameter(String(part.dropFirst())) }
            if part.hasPrefix("*") { return .catchAll(String(part.dropFirst())) }
            return .literal(String(part))
        }
    }

    var isLiteral: Bool {
        segments.allSatisfy { if case .literal = $0 { true } else { false } }
    }

    var literalPath: String {
        "/" + segments.compactMap { if case .literal(let s) = $0 { s } else { nil } }.joined(separator: "/")
    }

    /// The parameters when `path` — a canonical path: it starts with `/`, has no empty segment
    /// and no trailing slash — matches, else nil. Walks the path's bytes once and keeps slices
    /// of it: this runs for every request to a patterned route, where splitting the path into
    /// an array of segments and filling a dictionary showed in profiles.
    func match(_ path: String) -> PathParameters? {
        let bytes = path.utf8
        var parameters = PathParameters()
        // The `/` before the next segment, or the end when the path has no more segments.
        var slash = bytes.startIndex
        for segment in segments {
            guard slash < bytes.endIndex, case let start = bytes.index(after: slash), start < bytes.endIndex else {
                return nil
            }
            if case .catchAll(let name) = segment {
                parameters.append(name, path[start...])
                return parameters
            }
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
            switch segment {
            case .literal(let literal):
                guard bytes[start..<end].elementsEqual(literal.utf8) else { return nil }
            case .parameter(let name):
                parameters.append(name, path[start..<end])
            case .catchAll:
                break  // answered above, before the segment's end is looked for
            }
            slash = end
        }
        return slash == bytes.endIndex ? parameters : nil
    }
}

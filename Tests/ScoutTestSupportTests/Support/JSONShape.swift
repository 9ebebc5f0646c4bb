import HTTPServer

/// The shape of a JSON document: every key path with the JSON types found there.
///
/// Paths use `.` for members and `[]` for array elements (all elements merged); object keys
/// that are page ids (`"534366"`, `"-1"`) become `<id>`, so format version 1's `pages` objects
/// compare across different pages.
struct JSONShape: Equatable, CustomStringConvertible {
    private(set) var types: [String: Set<String>] = [:]

    init(_ value: JSONValue) { visit(value, path: "$") }

    private mutating func visit(_ value: JSONValue, path: String) {
        switch value {
        case .null: types[path, default: []].insert("null")
        case .bool: types[path, default: []].insert("bool")
        case .number: types[path, default: []].insert("number")
        case .string: types[path, default: []].insert("string")
        case .array(let elements):
            types[path, default: []].insert("array")
            for element in elements { visit(element, path: path + "[]") }
        case .object(let members):
            types[path, default: []].insert("object")
            for (key, member) in members {
                let isID = !key.isEmpty && key.trimmingPrefix("-").allSatisfy(\.isNumber)
                visit(member, path: path + "." + (isID ? "<id>" : key))
            }
        }
    }

    /// This shape without `paths` and everything under them.
    func removing(_ paths: Set<String>) -> JSONShape {
        var copy = self
        copy.types = types.filter { entry in
            !paths.contains { entry.key == $0 || entry.key.hasPrefix($0 + ".") || entry.key.hasPrefix($0 + "[]") }
        }
        return copy
    }

    /// This shape with the type at `path` replaced by `types`.
    func setting(_ path: String, to newTypes: Set<String>) -> JSONShape {
        var copy = self
        copy.types[path] = newTypes
        return copy
    }

    /// What differs from `other`, one line per path, for a readable failure.
    func difference(from other: JSONShape) -> [String] {
        Set(types.keys).union(other.types.keys).sorted().compactMap { path in
            let mine = types[path] ?? []
            let theirs = other.types[path] ?? []
            return mine == theirs ? nil : "\(path): \(mine.sorted()) vs \(theirs.sorted())"
        }
    }

    var description: String {
        types.keys.sorted().map { "\($0): \(types[$0]!.sorted().joined(separator: "|"))" }.joined(separator: "\n")
    }
}

import Foundation
import HTTPServer

/// Checks JSON against the schemas of Scout's OpenAPI document: the subset of JSON Schema the
/// document uses (type, required, properties, additionalProperties, items, $ref, oneOf, enum,
/// minimum, maximum, minLength, maxLength, pattern).
struct OpenAPIValidator {
    let document: JSONValue

    /// Every way `value` breaks the schema (empty when it conforms).
    func problems(_ value: JSONValue, schema: JSONValue, at path: String = "$") -> [String] {
        if case .string(let reference)? = schema["$ref"] {
            guard let resolved = resolve(reference) else { return ["\(path): unresolved \(reference)"] }
            return problems(value, schema: resolved, at: path)
        }
        if let alternatives = schema["oneOf"]?.arrayValue {
            let matching = alternatives.filter { problems(value, schema: $0, at: path).isEmpty }
            return matching.count == 1 ? [] : ["\(path): matches \(matching.count) of oneOf, not exactly 1"]
        }
        var found: [String] = []
        if let type = schema["type"] {
            let allowed = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
            guard allowed.contains(where: { Self.matches(value, type: $0) }) else {
                return ["\(path): \(value) is not \(allowed.joined(separator: " or "))"]
            }
        }
        if let options = schema["enum"]?.arrayValue, !options.contains(value) {
            found.append("\(path): \(value) is not one of \(options)")
        }
        if let number = value.numberValue {
            if let minimum = schema["minimum"]?.numberValue, number < minimum { found.append("\(path): below minimum") }
            if let maximum = schema["maximum"]?.numberValue, number > maximum { found.append("\(path): above maximum") }
        }
        if let text = value.stringValue {
            if let pattern = schema["pattern"]?.stringValue, text.range(of: pattern, options: .regularExpression) == nil
            {
                found.append("\(path): \(text) does not match \(pattern)")
            }
            if let minimum = schema["minLength"]?.numberValue, Double(text.count) < minimum {
                found.append("\(path): shorter than \(minimum)")
            }
        }
        if let object = value.objectValue {
            for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[name] == nil {
                found.append("\(path): missing \(name)")
            }
            let properties = schema["properties"]?.objectValue ?? [:]
            for (name, member) in object {
                if let memberSchema = properties[name] {
                    found += problems(member, schema: memberSchema, at: "\(path).\(name)")
                } else if schema["additionalProperties"] == .bool(false) {
                    found.append("\(path): unexpected member \(name)")
                }
            }
        }
        if let elements = value.arrayValue, let itemSchema = schema["items"] {
            for (index, element) in elements.enumerated() {
                found += problems(element, schema: itemSchema, at: "\(path)[\(index)]")
            }
        }
        return found
    }

    /// The schema of a named component, such as `SearchResponse`.
    func schema(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(name)")] }

    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: JSONValue? = document
        for part in reference.dropFirst(2).split(separator: "/") { node = node?[String(part)] }
        return node
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object):
            true
        case ("number", .number): true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }
}

/// An optional that encodes as JSON `null` when absent, instead of leaving its key out — so
/// every reply of Scout's API has every key its OpenAPI document promises, without a
/// hand-written `encode(to:)` per type.
///
/// ```swift
/// struct Item: Codable { let id: String; @ExplicitNull var description: String? }
/// // {"description":null,"id":"1"}
/// ```
@propertyWrapper
public struct ExplicitNull<Value: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// A missing key decodes as nil, as it would for a plain optional.
    public func decode<Value>(_ type: ExplicitNull<Value>.Type, forKey key: Key) throws -> ExplicitNull<Value> {
        try decodeIfPresent(type, forKey: key) ?? ExplicitNull(wrappedValue: nil)
    }
}

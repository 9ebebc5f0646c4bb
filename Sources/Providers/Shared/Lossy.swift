/// Decodes a value, or nil when that one value is malformed: one bad item in a reply is dropped,
/// not the whole page (SECURITY.md T6).
struct Lossy<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

/// An integer that upstreams send either as a number or as a string (Flickr's `total`).
struct FlexibleInt: Decodable, Equatable {
    let value: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let text = try? container.decode(String.self), let number = Int(text) {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an integer")
        }
    }
}

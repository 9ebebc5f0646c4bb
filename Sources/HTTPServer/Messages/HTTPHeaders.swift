/// An ordered list of header fields with case-insensitive lookup by name.
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "application/json"]
/// headers["content-type"]  // "application/json"
/// ```
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field as it was received or will be sent.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field]

    public init(_ fields: [Field] = []) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value for `name`, compared without regard to ASCII case; setting replaces all.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Whether a field called `name` is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.caseInsensitiveEquals(name) }
    }

    /// Appends a field, keeping any others of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Adds every field of `defaults` whose name is not already present.
    public mutating func addMissing(from defaults: HTTPHeaders) {
        for field in defaults.fields where !contains(field.name) {
            fields.append(field)
        }
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

extension String {
    /// ASCII case-insensitive equality, which is what HTTP field names need. Compares bytes in
    /// place: every response's fields are checked against the server's defaults with it.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var lhs = self
        var rhs = other
        return lhs.withUTF8 { a in
            rhs.withUTF8 { b in
                for index in a.indices where a[index] != b[index] {
                    let folded = a[index] | 0x20
                    guard folded == b[index] | 0x20, folded >= 0x61, folded <= 0x7A else { return false }
                }
                return true
            }
        }
    }
}

import CMicroHTTPD

/// Header fields turned into C strings once — the server's default fields, added to nearly
/// every response. Passing a Swift string to C copies it into a new buffer whenever it is small
/// enough to live inline (most header names and many values are), which showed in profiles.
struct EncodedHeaders: Sendable {
    private struct Field: Sendable {
        let name: String
        let cName: ContiguousArray<CChar>
        let cValue: ContiguousArray<CChar>
    }

    private let fields: [Field]

    init(_ headers: HTTPHeaders) {
        fields = headers.map { Field(name: $0.name, cName: $0.name.utf8CString, cValue: $0.value.utf8CString) }
    }

    /// Adds each field `present` does not already set to `response`.
    func add(to response: OpaquePointer, unlessIn present: HTTPHeaders) {
        for field in fields where !present.contains(field.name) {
            field.cName.withUnsafeBufferPointer { name in
                field.cValue.withUnsafeBufferPointer { value in
                    _ = MHD_add_response_header(response, name.baseAddress, value.baseAddress)
                }
            }
        }
    }
}

/// Lets go of what kept an in-place body valid (``SharedBytes``, a ``FileMapping``) once
/// libmicrohttpd is done with the response.
let releaseBodyOwner: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<AnyObject>.fromOpaque(context).release()
}

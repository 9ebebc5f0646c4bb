/// Bytes that many responses send without copying them: copied once into a buffer of their own,
/// which lives while any response still sends it. For replies served again and again (a cached
/// image) — a plain ``Response/Body/bytes(_:)`` body is copied into every response.
///
/// ```swift
/// let shared = SharedBytes(image.data)
/// return Response(status: 200, headers: headers, body: .shared(shared))
/// ```
public final class SharedBytes: Sendable {
    /// Never written after `init`, so it may be read from any thread.
    nonisolated(unsafe) let buffer: UnsafeMutableRawBufferPointer

    /// Copies `bytes` into a buffer of their own.
    public init(_ bytes: some Collection<UInt8>) {
        buffer = .allocate(byteCount: bytes.count, alignment: 1)
        _ = buffer.initializeMemory(as: UInt8.self, from: bytes)
    }

    /// How many bytes there are.
    public var count: Int { buffer.count }

    /// Calls `body` with the bytes in place, valid only during the call.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(buffer))
    }

    /// A copy of the bytes, for tests and tools.
    public var bytes: [UInt8] { Array(buffer) }

    deinit { buffer.deallocate() }
}

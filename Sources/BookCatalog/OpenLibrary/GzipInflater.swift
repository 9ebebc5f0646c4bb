internal import CZlib

/// zlib's inflate over one gzip file, member after member (`pigz` and `bgzip` write several; the
/// format allows it). Owns its `z_stream`, which lives at a fixed address because zlib keeps a
/// pointer back to it (`inflateStateCheck`), and frees it in `deinit`.
///
/// Not `Sendable`: one reader drives it, on one task.
final class GzipInflater {
    /// What went wrong, in words for ``BookCatalogError/corruptFile(path:reason:)``.
    struct Failure: Error {
        let reason: String
    }

    private let stream: UnsafeMutablePointer<z_stream>
    /// Whether the last member ended exactly where the input stopped (a clean end of file).
    private(set) var isAtMemberEnd = false

    init() throws(Failure) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard scout_inflate_init_gzip(stream) == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw Failure(reason: "zlib could not start (out of memory?)")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Inflates from `input` (starting at `offset`, which it advances) into `output` until the
    /// input is used up or `output` holds `limit` bytes; appends to `output`.
    func inflate(_ input: [UInt8], offset: inout Int, into output: inout [UInt8], limit: Int) throws(Failure) {
        var failure: Failure?
        input.withUnsafeBufferPointer { source in
            let start = output.count
            let room = max(limit - start, 0)
            guard room > 0, offset < source.count else { return }
            output.append(contentsOf: repeatElement(0, count: room))
            var produced = 0
            output.withUnsafeMutableBufferPointer { target in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress! + offset)
                stream.pointee.avail_in = UInt32(source.count - offset)
                while stream.pointee.avail_in > 0, produced < room {
                    stream.pointee.next_out = target.baseAddress! + start + produced
                    stream.pointee.avail_out = UInt32(room - produced)
                    let before = Int(stream.pointee.avail_out)
                    let status = CZlib.inflate(stream, Z_NO_FLUSH)
                    produced += before - Int(stream.pointee.avail_out)
                    isAtMemberEnd = status == Z_STREAM_END
                    if status == Z_STREAM_END {
                        // Another member may follow; reset reads its header.
                        guard inflateReset(stream) == Z_OK else {
                            failure = Failure(reason: "zlib could not start the next gzip member")
                            break
                        }
                        continue
                    }
                    if status == Z_BUF_ERROR { break }  // no progress possible: needs more input
                    guard status == Z_OK else {
                        failure = Failure(reason: "its compressed data is corrupt (zlib status \(status))")
                        break
                    }
                }
                offset = source.count - Int(stream.pointee.avail_in)
            }
            output.removeLast(room - produced)
        }
        if let failure { throw failure }
    }
}

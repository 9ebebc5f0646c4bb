import HTTPServer

/// A search reply's JSON, encoded once for both of its uses: the body the gateway caches
/// (`cached: true`, `tookMs: 0`) and the body of the request that searched (`cached: false`,
/// the time it took). The two differ only in those two keys, which sort first and last, so
/// the rest is written once and shared.
///
/// ```swift
/// let rendered = RenderedReply { writer in writer.raw(#""items":[],"next":null,"#) }
/// rendered.cachedBody                      // {"cached":true,"items":[],"next":null,"tookMs":0}
/// rendered.body(cached: false, tookMs: 12) // {"cached":false,"items":[],"next":null,"tookMs":12}
/// ```
struct RenderedReply: Sendable {
    /// The reply to a cache hit, sent by every hit as it is (see ``HTTPServer/PreparedResponse``).
    let cachedResponse: PreparedResponse
    /// The body of a cache hit.
    let cachedBody: SharedBytes
    /// Where, in ``cachedBody``, the members between `cached` and `tookMs` are.
    private let members: Range<Int>

    /// A reply whose members other than `cached` and `tookMs` — each followed by a comma —
    /// `writeMembers` writes.
    init(writingMembers writeMembers: (inout JSONByteWriter) -> Void) {
        var writer = JSONByteWriter(capacity: 8192)
        writer.raw(#"{"cached":true,"#)
        let start = writer.count
        writeMembers(&writer)
        members = start..<writer.count
        writer.raw(#""tookMs":0}"#)
        // Cached for minutes: copied to exactly its size, not the writer's reserve.
        cachedBody = SharedBytes(writer.bytes)
        cachedResponse = PreparedResponse(headers: ["Content-Type": "application/json"], body: cachedBody)
    }

    /// The body with `cached` and `tookMs` as given; `isStale` adds `"stale":true` (before
    /// `tookMs`) for a reply served from an earlier search because the upstream failed.
    func body(cached: Bool, tookMs: Int, isStale: Bool = false) -> [UInt8] {
        var writer = JSONByteWriter(capacity: members.count + 54)
        writer.raw(#"{"cached":"#)
        writer.bool(cached)
        writer.raw(",")
        cachedBody.withUnsafeBytes { writer.raw($0[members]) }
        if isStale { writer.raw(#""stale":true,"#) }
        writer.raw(#""tookMs":"#)
        writer.int(tookMs)
        writer.raw("}")
        return writer.bytes
    }
}

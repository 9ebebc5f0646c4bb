import HTTPServer
import ScoutModels

/// One line of `/api/v1/multisearch`'s NDJSON: a source's reply or error exactly as
/// `/api/v1/search?source=<source>&q=…` answers it, with the source and the status that
/// route would give, so a client tells the lines apart and handles each as that route's reply.
///
/// ```text
/// {"source":"books","status":200,"reply":{"cached":false,"items":[…],…,"tookMs":3}}
/// {"source":"commons","status":502,"error":{"code":"upstream_failed","message":"…","retryAfter":null,"source":"commons"}}
/// {"source":"flickr","status":504,"error":{"code":"timeout","message":"Flickr did not answer within 4 s. …",…}}
/// ```
///
/// A 200's body is the `reply`, byte for byte; any other status's body is `{"error":{…}}`,
/// whose one member the line carries as it is. `timeout` is the stream's own: the source did
/// not answer before the multisearch's deadline (its search goes on, and is cached, as every
/// search is, so asking again soon is likely answered at once).
enum MultisearchLine {
    /// The line for the reply `/api/v1/search` gave for `source`.
    static func line(source: SourceID, response: Response) -> [UInt8] {
        guard let body = response.bodyBytes, body.first == UInt8(ascii: "{"), body.count > 2 else {
            return line(source: source, response: HTTPError.internalError.response)
        }
        var writer = start(source: source, status: response.status, capacity: body.count)
        if response.status == 200 {
            writer.raw(#","reply":"#)
            writer.raw(body)
            writer.raw("}\n")
        } else {
            // `{"error":{…}}` with its braces opened into the line's: the line's `error` is the body's.
            writer.raw(",")
            writer.raw(body.dropFirst())
            writer.raw("\n")
        }
        return writer.bytes
    }

    /// The line for a source the stream stopped waiting for at its deadline.
    static func timeout(source: SourceID, name: String, after deadline: Duration) -> [UInt8] {
        line(source: source, response: timeoutError(source: source, name: name, after: deadline).response)
    }

    /// The 504 `timeout` of a source still out at the deadline (also the All page's sentence).
    static func timeoutError(source: SourceID, name: String, after deadline: Duration) -> GatewayError {
        GatewayError(
            status: 504, code: "timeout",
            message: "\(name) did not answer within \(seconds(deadline)) s. Search again to see its results.",
            source: source, retryAfter: nil)
    }

    /// `{"source":…,"status":…` with room for `capacity` more bytes.
    private static func start(source: SourceID, status: Int, capacity: Int) -> JSONByteWriter {
        var writer = JSONByteWriter(capacity: capacity + 64)
        writer.raw(#"{"source":"#)
        writer.string(source.rawValue)
        writer.raw(#","status":"#)
        writer.int(status)
        return writer
    }

    /// Whole seconds, rounded up, as people read a deadline (4, not 4.0).
    private static func seconds(_ duration: Duration) -> Int {
        let (whole, fraction) = duration.components
        return Int(whole) + (fraction > 0 ? 1 : 0)
    }
}

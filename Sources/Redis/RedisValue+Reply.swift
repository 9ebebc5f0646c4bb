internal import CHiredis

extension RedisValue {
    /// A copy of hiredis's reply tree; the caller still frees `reply` (`freeReplyObject`).
    init(copying reply: UnsafePointer<redisReply>) {
        let node = reply.pointee
        switch node.type {
        case REDIS_REPLY_INTEGER:
            self = .integer(Int64(node.integer))
        case REDIS_REPLY_STRING:
            self = .bulk(Self.bytes(node.str, count: node.len))
        case REDIS_REPLY_STATUS:
            self = .simple(String(decoding: Self.bytes(node.str, count: node.len), as: UTF8.self))
        case REDIS_REPLY_ERROR:
            self = .error(String(decoding: Self.bytes(node.str, count: node.len), as: UTF8.self))
        case REDIS_REPLY_ARRAY:
            self = .array(
                (0..<node.elements).map { index in
                    guard let element = scout_redis_element(reply, index) else { return .null }
                    return RedisValue(copying: element)
                })
        default:  // REDIS_REPLY_NIL; RESP2 has no other types
            self = .null
        }
    }

    private static func bytes(_ start: UnsafeMutablePointer<CChar>?, count: Int) -> [UInt8] {
        guard let start, count > 0 else { return [] }
        return start.withMemoryRebound(to: UInt8.self, capacity: count) {
            Array(UnsafeBufferPointer(start: $0, count: count))
        }
    }
}

/// Decodes RESP bytes with hiredis's own reader, without a socket: the same decoder the
/// connection uses, for tests and fuzzing.
enum RedisReplyDecoder {
    /// Every complete reply in `bytes`, in order; a trailing incomplete reply is ignored. Throws
    /// `.protocolError` for bytes that are not RESP.
    static func decode(_ bytes: [UInt8]) throws(RedisError) -> [RedisValue] {
        guard let reader = redisReaderCreate() else {
            throw RedisError(kind: .connectionFailed, message: "hiredis is out of memory")
        }
        defer { redisReaderFree(reader) }
        let fed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { redisReaderFeed(reader, $0.baseAddress, $0.count) }
        }
        guard fed == REDIS_OK else { throw readerError(reader) }
        var values: [RedisValue] = []
        while true {
            var reply: UnsafeMutablePointer<redisReply>?
            guard scout_redis_reader_get_reply(reader, &reply) == REDIS_OK else { throw readerError(reader) }
            guard let reply else { return values }
            defer { freeReplyObject(reply) }
            values.append(RedisValue(copying: reply))
        }
    }

    private static func readerError(_ reader: UnsafeMutablePointer<redisReader>) -> RedisError {
        RedisError(kind: .protocolError, message: cString(reader.pointee.errstr))
    }
}

/// The text in a fixed-size C `char[N]` field (imported as a tuple), up to its NUL.
func cString<T>(_ field: T) -> String {
    withUnsafeBytes(of: field) { raw in
        let bytes = raw.prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}

import Foundation
import Testing

@testable import Redis

/// `redis://` URLs: what they may say, what they may not, and that the password never shows.
@Suite("Redis URLs", .timeLimit(.minutes(1)))
struct RedisURLTests {
    static let password = "pa55-w0rd-canary"

    @Test(
        "a well-formed URL is parsed into its parts",
        arguments: [
            ("redis://127.0.0.1:6379/0", "127.0.0.1", 6379, 0, nil, nil),
            ("redis://cache.internal", "cache.internal", 6379, 0, nil, nil),
            ("REDIS://cache-1.internal:6380/", "cache-1.internal", 6380, 0, nil, nil),
            ("redis://:s3cret@localhost:7000/3", "localhost", 7000, 3, nil, "s3cret"),
            ("redis://scout:s3cret@10.0.0.2/15", "10.0.0.2", 6379, 15, "scout", "s3cret"),
            ("redis://:p%40ss%3Aw%2Frd@h/1", "h", 6379, 1, nil, "p@ss:w/rd"),
            ("redis://:@h:1/0", "h", 1, 0, nil, nil),
            ("redis://[::1]:6390/2", "::1", 6390, 2, nil, nil),
            ("redis://:x@[fe80::1]/0", "fe80::1", 6379, 0, nil, "x"),
        ] as [(String, String, Int, Int, String?, String?)])
    func parses(text: String, host: String, port: Int, database: Int, username: String?, password: String?) throws {
        let url = try RedisURL(text)
        #expect(url.host == host && url.port == port && url.database == database)
        #expect(url.username == username && url.password == password && url.hasPassword == (password != nil))
    }

    @Test(
        "a malformed URL throws .invalidURL with a sentence that never quotes the password",
        arguments: [
            "http://:\(password)@h/0", "redis:/:\(password)@h/0", "\(password)", "redis://:\(password)@/0",
            "redis://:\(password)@h:0/0", "redis://:\(password)@h:65536/0", "redis://:\(password)@h:http/0",
            "redis://:\(password)@h:+1/0", "redis://:\(password)@h/db", "redis://:\(password)@h/-1",
            "redis://:\(password)@h/0/1", "redis://:\(password)@h/0?timeout=1", "redis://:\(password)@h/0#x",
            "redis://\(password)@h/0", "redis://:\(password)%zz@h/0", "redis://:\(password)@h%00x/0",
            "redis://:\(password)@h x/0", "redis://:\(password)@[::1/0", "redis://:\(password)@[::1]x/0",
            "redis://:\(password)@[zz]/0", "redis://:\(password)@[fe80::1%25eth0]/0",
            "redis://:\(password)@h/99999999999",
        ])
    func rejects(text: String) throws {
        let error = try #require(throws: RedisError.self) { try RedisURL(text) }
        #expect(error.kind == .invalidURL)
        for shown in [error.description, error.debugDescription, error.sentence, "\(error)"] {
            #expect(!shown.contains(Self.password))
            #expect(shown.hasSuffix(".") && shown.first?.isUppercase == true)
        }
    }

    @Test("rediss:// is refused with a sentence about TLS")
    func refusesTLS() throws {
        let error = try #require(throws: RedisError.self) { try RedisURL("rediss://:\(Self.password)@h:6380/0") }
        #expect(error.kind == .invalidURL && error.sentence.contains("TLS") && error.sentence.contains("redis://"))
        #expect(!error.description.contains(Self.password))
    }

    @Test("description, interpolation, dump and reflection show *** for the password")
    func hidesThePassword() throws {
        let url = try RedisURL("redis://scout:\(Self.password)@cache.internal:6380/2")
        #expect(url.description == "redis://scout:***@cache.internal:6380/2")
        #expect("\(url)" == url.description && String(reflecting: url) == url.description)
        var dumped = ""
        dump(url, to: &dumped)
        #expect(!dumped.contains(Self.password) && dumped.contains("***"))
        #expect(!Mirror(reflecting: url).children.contains { "\($0.value)".contains(Self.password) })
        #expect(try RedisURL("redis://h").description == "redis://h:6379/0")
        #expect(try RedisURL("redis://[::1]:7/1").description == "redis://[::1]:7/1")
        #expect(try RedisURL("redis://:x@h").address == "h:6379")
    }

    @Test("a server message that quotes the password is scrubbed")
    func scrubs() throws {
        let url = try RedisURL("redis://:\(Self.password)@h/0")
        #expect(url.scrubbed("ERR AUTH \(Self.password) failed") == "ERR AUTH *** failed")
        #expect(try RedisURL("redis://h").scrubbed("ERR x") == "ERR x")
    }
}

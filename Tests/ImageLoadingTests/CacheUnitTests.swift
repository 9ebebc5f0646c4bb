import Foundation
import Networking
import Testing

@testable import ImageLoading

@Suite("Cache internals", .timeLimit(.minutes(10)))
struct CacheUnitTests {
    @Test("SHA-256 matches the FIPS 180-4 test vectors")
    func sha256() {
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            hex(SHA256.digest(Data(repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("an entry decodes only under its own key and only when intact")
    func entryFormat() {
        let body = Data(TestBytes.png)
        let file = DiskCacheEntry.encode(key: "k", body: body)
        #expect(DiskCacheEntry.decode(file, key: "k") == body)
        #expect(DiskCacheEntry.decode(file, key: "other") == nil)
        for index in stride(from: 0, to: file.count, by: 3) {
            var damaged = file
            damaged[index] ^= 0x40
            #expect(DiskCacheEntry.decode(damaged, key: "k") == nil)
        }
        for length in 0..<file.count { #expect(DiskCacheEntry.decode(file.prefix(length), key: "k") == nil) }
        #expect(DiskCacheEntry.decode(file + Data([0]), key: "k") == nil)
    }

    @Test("the memory LRU evicts the least recently used and never exceeds its capacity")
    func memoryCache() {
        let cache = MemoryCache(capacity: 100)
        let image = { (size: Int) in
            LoadedImage(data: Data(count: size), info: ImageInfo(format: .png, width: 1, height: 1))
        }
        #expect(cache.insert(image(40), for: "a") == 0)
        #expect(cache.insert(image(40), for: "b") == 0)
        _ = cache.image(for: "a")
        #expect(cache.insert(image(40), for: "c") == 1)  // b goes
        #expect(cache.image(for: "b") == nil && cache.image(for: "a") != nil)
        #expect(cache.insert(image(101), for: "huge") == 0)
        #expect(cache.image(for: "huge") == nil)
        #expect(cache.insert(image(60), for: "a") == 0)  // replacing a: 60 + 40 fits
        #expect(cache.totalBytes == 100 && cache.count == 2)
        cache.removeAll()
        #expect(cache.totalBytes == 0)
    }

    @Test("IP addresses: private, loopback, link-local, mapped and special ranges are not public")
    func addresses() {
        let notPublic = [
            "127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "0.0.0.0",
            "100.64.0.1", "224.0.0.1", "255.255.255.255", "198.18.0.1", "192.0.2.1", "::1", "::", "fe80::1",
            "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:8.8.8.8", "64:ff9b::a00:1",
            "2002:a00:1::1", "2001:db8::1", "2001::1", "::127.0.0.1",
        ]
        for text in notPublic { #expect(IPAddress(text)?.isPublic == false, "\(text)") }
        for text in ["198.35.26.112", "8.8.8.8", "2620:0:862:ed1a::2:b", "64:ff9b::808:808", "[2a02:ec80::1]"] {
            #expect(IPAddress(text)?.isPublic == true, "\(text)")
        }
        for host in [
            "127.1", "2130706433", "0x7f000001", "0177.0.0.1", "[::1]", "::ffff:127.0.0.1", "1.2.3.4", "x.0x1",
        ] {
            #expect(IPAddress.isLiteralHost(host), "\(host)")
        }
        for host in ["upload.wikimedia.org", "localhost", "example.cafe", "xn--p1ai"] {
            #expect(!IPAddress.isLiteralHost(host), "\(host)")
        }
    }
}

enum TestBytes {
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
        8, 0, 0, 0, 0,
    ]
}

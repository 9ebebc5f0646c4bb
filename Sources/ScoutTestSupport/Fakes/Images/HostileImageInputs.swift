/// The hostile inputs of SECURITY.md T1 for an image proxy whose origin is Wikimedia-shaped:
/// keys a client may send, and redirect targets an upstream may answer with. Shared by the
/// unit tests of the key grammar and the end-to-end proxy tests, so both prove the same list.
///
/// ```swift
/// for key in HostileImageInputs.keys { #expect(origin.url(for: key) == nil) }
/// ```
public enum HostileImageInputs {
    /// Keys that must never rebuild into an upstream URL (at least 30).
    public static let keys: [String] = [
        "../../etc/passwd",
        "..%2f..%2fetc/passwd",
        "%2e%2e/x",
        "%2E%2E/%2E%2E/etc/passwd",
        "%252e%252e/x",
        "//evil.example/x.png",
        "/wikipedia/commons/thumb/a/ab/X.png/120px-X.png",
        "wikipedia/../../x",
        "wikipedia/commons/thumb/a/ab/X.png/../../../../etc/passwd",
        "wikipedia/commons/thumb/a/ab/./120px-X.png",
        "wikipedia//commons/thumb/a/ab/X.png/120px-X.png",
        "wikipedia/commons/thumb/a/ab/X.png/120px-X.png/",
        "wikipedia\\commons\\thumb\\a\\ab\\X.png\\120px-X.png",
        "wikipedia/commons/thumb/a/ab/X.png/120px-X\\..\\..\\x.png",
        "wikipedia/commons/thumb/a/ab/X.png/120px-X.png\u{0}.txt",
        "wikipedia/commons/thumb/a/ab/X\u{0}.png/120px-X.png",
        "wikipedia/commons/thumb/a/ab/X.png/120px-X.png%00",
        "user@evil.example/x.png",
        "wikipedia/commons/thumb/a/ab/X.png/120px-@evil.example.png",
        "http://evil.example/x.png",
        "https:/evil.example/x.png",
        "file:///etc/passwd",
        "gopher://127.0.0.1:6379/_INFO",
        "C:\\Windows\\win.ini",
        "wikipedia/commons/thumb/a/ab/X:Y.png/120px-X.png",
        "wikipedia/commons/thumb/a/ab/X.png/120px-X.png?x=1",
        "wikipedia/commons/thumb/a/ab/X.png/120px-X.png#fragment",
        "wikipedia/commons/thumb/a/ab/X%2Fy.png/120px-X.png",
        "wikipedia/commons/thumb/a/ab/X.png/120px-X%5C.png",
        "wikipedia/commons/thumb/a/ab/X .png/120px-X.png",
        "wikipedia/commons/thumb/a/ab/X\n.png/120px-X.png",
        "wikipedia/commons/thumb/a/ab/X\u{202E}gnp.png/120px-X.png",
        "wikipedia/commons/thumb/a/ab/\u{FF0E}\u{FF0E}/120px-X.png",
        "wikipedia/commons/thumb/a/ab/X\u{2215}y.png/120px-X.png",
        "wikipedia/commons/thumb/a/ab/.htaccess/120px-X.png",
        "wikipedia/commons/thumb/a/ab/X.png/120px-X.svg",
        "wikipedia/commons/thumb/a/ab/X.png/X.png",
        "wikipedia/commons/thumb/z/zz/X.png/120px-X.png",
        "wikipedia/commons/thumb/a/bc/X.png/120px-X.png",
        "evil/commons/thumb/a/ab/X.png/120px-X.png",
        "wikipedia/Commons/thumb/a/ab/X.png/120px-X.png",
        "wikipedia/commons/thumb/a/ab/X.png/120px-" + String(repeating: "A", count: 2000) + ".png",
        "",
    ]

    /// Redirect targets that must never be followed, given the canary's ports on 127.0.0.1
    /// (`canary`) and 127.0.0.2 (`otherCanary`) and the allowed fake host's port (`allowed`),
    /// whose own thumbnails live at `path` (at least 30).
    public static func redirectTargets(canary: UInt16, otherCanary: UInt16, allowed: UInt16, path: String)
        -> [String]
    {
        let wikimedia = "upload.wikimedia.org"
        return [
            "http://127.0.0.1:\(canary)/",
            "http://127.0.0.2:\(otherCanary)/",
            "http://127.1:\(canary)/",
            "http://2130706433:\(canary)/",
            "http://0x7f000001:\(canary)/",
            "http://0x7f.1:\(canary)/",
            "http://0177.0.0.1:\(canary)/",
            "http://127.000.000.001:\(canary)/",
            "http://%31%32%37.0.0.1:\(canary)/",
            "http://[::ffff:127.0.0.1]:\(canary)/",
            "http://[0:0:0:0:0:ffff:7f00:1]:\(canary)/",
            "http://[::1]:\(canary)/",
            "http://[::]:\(canary)/",
            "http://0.0.0.0:\(canary)/",
            "http://0:\(canary)/",
            "http://localhost:\(canary)/",
            "http://localhost.:\(canary)/",
            "http://127.0.0.1.nip.io:\(canary)/",
            "http://169.254.169.254/latest/meta-data/",
            "http://user@127.0.0.1:\(allowed)\(path)",
            "http://user:secret@127.0.0.1:\(allowed)\(path)",
            "http://127.0.0.1:\(allowed)@127.0.0.1:\(canary)/",
            "http://127.0.0.1:\(canary)\\@127.0.0.1:\(allowed)\(path)",
            "//127.0.0.1:\(canary)/",
            "https://127.0.0.1:\(allowed)\(path)",
            "http://127.0.0.1:0/",
            "http://127.0.0.1:99999/",
            "file:///etc/passwd",
            "gopher://127.0.0.1:\(canary)/_INFO",
            "dict://127.0.0.1:\(canary)/info",
            "ftp://127.0.0.1:\(canary)/x.png",
            "javascript:alert(1)",
            "data:image/png;base64,iVBORw0KGgo=",
            "https://\(wikimedia).evil.example\(path)",
            "https://\(wikimedia):8443\(path)",
            "http://\(wikimedia)\(path)",
            "https://evil.example@\(wikimedia)\(path)",
            "https://\(wikimedia).\(path)",
        ]
    }
}

import BookCrawler
import Foundation
import Testing

@Suite("robots.txt", .timeLimit(.minutes(10)))
struct RobotsPolicyTests {
    @Test(
        "the longest matching rule wins; Allow wins a tie",
        arguments: [
            ("/private/a", false), ("/private/public/a", true), ("/private", true), ("/books/1", true),
            ("/tie", true), ("/fish/salmon.html", false), ("/fishy", true), ("/", true),
        ])
    func precedence(path: String, allowed: Bool) {
        let robots = RobotsPolicy(
            parsing: """
                User-agent: *
                Disallow: /private/
                Allow: /private/public/
                Disallow: /tie
                Allow: /tie
                Disallow: /fish/
                Disallow:
                """)
        #expect(robots.allows(path: path) == allowed, "\(path)")
    }

    @Test(
        "* matches any run and $ anchors the end",
        arguments: [
            ("/a/b.pdf", false), ("/b.pdf?x=1", true), ("/search?q=dune", false), ("/searchable", true),
            ("/books/1/print", false), ("/books/print", true), ("/x/y/z.php", false), ("/index.html", true),
            ("/exact", false), ("/exact/more", true),
        ])
    func wildcards(path: String, allowed: Bool) {
        let robots = RobotsPolicy(
            parsing: """
                User-agent: *
                Disallow: /*.pdf$
                Disallow: /search?
                Disallow: /books/*/print
                Disallow: /*/*.php
                Disallow: /exact$
                """)
        #expect(robots.allows(path: path) == allowed, "\(path)")
    }

    @Test("Scout's own group beats *; groups for Scout merge; other agents' rules do not apply")
    func agents() {
        let text = """
            User-agent: *
            Disallow: /

            User-agent: OtherBot
            User-agent: scout/2.1
            Disallow: /nothing-for-scout/

            User-agent: GreedyBot
            Disallow: /books/

            user-agent: SCOUT
            disallow: /also-not # a comment
            crawl-delay: 1.5
            """
        let robots = RobotsPolicy(parsing: text)
        #expect(robots.allows(path: "/books/1"))
        #expect(!robots.allows(path: "/nothing-for-scout/1"))
        #expect(!robots.allows(path: "/also-not"))
        #expect(robots.crawlDelay == .milliseconds(1500))
        #expect(!RobotsPolicy(parsing: text, productToken: "Unlisted").allows(path: "/books/1"))
        #expect(RobotsPolicy(parsing: "User-agent: OtherBot\nDisallow: /").allows(path: "/a"))
    }

    @Test("percent-encoding and non-ASCII compare equal; rules before any group are ignored; CRLF and BOM read")
    func encodingAndShape() throws {
        let robots = RobotsPolicy(parsing: "\u{FEFF}Disallow: /everything\r\nUser-agent: *\r\nDisallow: /café\r\n")
        #expect(!robots.allows(path: "/caf%C3%A9"))
        #expect(!robots.allows(path: "/caf%c3%a9/menu"))
        #expect(robots.allows(path: "/everything"))
        #expect(!robots.allows(try #require(URL(string: "https://example.org/caf%C3%A9?x"))))
    }

    @Test("allow all, disallow all, and robots.txt itself is always allowed")
    func fixedPolicies() {
        #expect(RobotsPolicy.allowAll.allows(path: "/anything"))
        #expect(!RobotsPolicy.disallowAll.allows(path: "/anything"))
        #expect(RobotsPolicy.disallowAll.allows(path: "/robots.txt"))
        #expect(RobotsPolicy(parsing: "").allows(path: "/a"))
        #expect(RobotsPolicy(parsing: "garbage\n\n:::\nUser-agent *").allows(path: "/a"))
    }
}

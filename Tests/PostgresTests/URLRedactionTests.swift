import Postgres
import Redaction
import Testing

/// The one redaction of printed URLs (T21): user-info passwords and every parameter whose
/// percent-decoded name names a secret, whatever the scheme.
@Suite("URL redaction")
struct URLRedactionTests {
    @Test(arguments: [
        ("postgres://scout:c4nary@db/books?sslmode=require", "postgres://scout:***@db/books?sslmode=require"),
        ("postgres://db/books?sslpassword=c4nary&x=1", "postgres://db/books?sslpassword=***&x=1"),
        ("postgres://db/books?pass%77ord=c4nary", "postgres://db/books?pass%77ord=***"),
        ("postgres://db/books?PassWord=c4nary#f", "postgres://db/books?PassWord=***#f"),
        ("mysql://u:c4nary@127.0.0.1:1/db", "mysql://u:***@127.0.0.1:1/db"),
        ("redis://:c4nary@127.0.0.1:6379/0", "redis://:***@127.0.0.1:6379/0"),
        (
            "https://h/p?api_key=c4nary&client_secret=c4nary&access_token=c4nary&q=dune",
            "https://h/p?api_key=***&client_secret=***&access_token=***&q=dune"
        ),
        ("postgres://user@db/books", "postgres://user@db/books"),
        ("/var/lib/scout/books.sqlite?password=kept", "/var/lib/scout/books.sqlite?password=kept"),
    ])
    func secretsAreMasked(url: String, expected: String) {
        #expect(URLRedaction.redacted(url) == expected)
        #expect(!URLRedaction.redacted(url).contains("c4nary"))
        #expect(URLRedaction.hasSecret(url) == url.contains("c4nary"))
    }

    @Test func messagesQuotingAPercentEncodedSecretAreScrubbed() throws {
        let url = "postgres://u:p%40ss@db/books?sslpassword=s%2Fcret"
        #expect(URLRedaction.secrets(in: url).contains("p@ss"))
        #expect(URLRedaction.scrubbed("bad p@ss and s/cret and p%40ss", of: url) == "bad *** and *** and ***")
    }

    @Test func aPostgresURLShowsNeitherItsPasswordsNorOneGivenApart() throws {
        let url = try PostgresURL("postgres://scout:c4nary@db/books?sslpassword=c4nary", password: "fil3d")
        #expect(url.description == "postgres://scout:***@db/books?sslpassword=***")
        #expect(url.password == "fil3d")
        #expect(!"\(url)".contains("c4nary") && !"\(url)".contains("fil3d"))
    }
}

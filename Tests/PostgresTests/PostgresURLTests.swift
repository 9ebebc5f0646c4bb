import Postgres
import Testing

@Suite("PostgreSQL URLs", .timeLimit(.minutes(10)))
struct PostgresURLTests {
    @Test(arguments: [
        ("postgres://scout:s3cret@db:5432/books", "postgres://scout:***@db:5432/books"),
        ("postgresql://scout:p%40ss@db/books?sslmode=require", "postgresql://scout:***@db/books?sslmode=require"),
        ("postgres://db/books?user=a&password=s3cret&x=1", "postgres://db/books?user=a&password=***&x=1"),
        ("POSTGRES://scout@[::1]:5433", "POSTGRES://scout@[::1]:5433"),
        ("postgres://a:b@c@host/db", "postgres://a:***@host/db"),
    ])
    func descriptionsNeverShowThePassword(url: String, redacted: String) throws {
        let parsed = try PostgresURL(url)
        #expect(parsed.description == redacted)
        #expect(parsed.string == url)
    }

    @Test func onlyPostgresSchemesAreAccepted() {
        for text in ["/var/lib/books.sqlite", "mysql://u:pw@host/db", "postgres:/x", ""] {
            #expect(throws: PostgresError.self) { try PostgresURL(text) }
            #expect(!PostgresURL.isPostgresURL(text))
        }
        let error = #expect(throws: PostgresError.self) { try PostgresURL("mysql://u:topsecret@host/db") }
        #expect(error?.kind == .misuse && error?.debugDescription.contains("topsecret") == false)
    }

    @Test func replacingTheDatabaseKeepsServerAndOptions() throws {
        let url = try PostgresURL("postgres://scout:pw@db:5432/books?sslmode=disable")
        #expect(
            try url.replacingDatabase(with: "scratch_1").string
                == "postgres://scout:pw@db:5432/scratch_1?sslmode=disable")
        #expect(try PostgresURL("postgres://db").replacingDatabase(with: "x").string == "postgres://db/x")
    }

    @Test func aFailedConnectionSaysWhereWithoutThePassword() async throws {
        // Port 1 on loopback refuses at once; nothing leaves the machine.
        let url = try PostgresURL("postgres://scout:topsecret@127.0.0.1:1/books?connect_timeout=2")
        let error = await #expect(throws: PostgresError.self) { try await PostgresDatabase(url: url) }
        let text = "\(error?.description ?? "") \(error?.debugDescription ?? "")"
        #expect(error?.kind == .connectionFailed)
        #expect(text.contains("postgres://scout:***@127.0.0.1:1/books") && !text.contains("topsecret"))
    }
}

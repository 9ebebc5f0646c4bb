import Providers
import Redis
import ScoutTestSupport
import Testing

@testable import ScoutCommands

/// The libraries describe a bad value in their own terms; `scout` adds the variable or flag
/// that held it, since only it knows the names.
@Suite("Settings named by the CLI", .timeLimit(.minutes(5)))
struct SettingHintTests {
    @Test(
        "a provider's bad address names no variable; the CLI adds it",
        arguments: [
            (CommonsConfigurationError.invalidAPIAddress("ftp://x") as any Error, "SCOUT_COMMONS_API"),
            (FlickrConfigurationError.invalidAPIAddress("ftp://x"), "SCOUT_FLICKR_API"),
            (WikipediaConfigurationError.invalidAPIAddress("ftp://x"), "SCOUT_WIKIPEDIA_API"),
        ])
    func providerAddresses(error: any Error, variable: String) {
        #expect(!"\(error)".contains("SCOUT_"))
        #expect("\(error)".contains("'ftp://x'"))
        #expect(SettingHint.describe(error) == "\(error), in \(variable)")
    }

    @Test("errors about no setting are shown as they are")
    func otherErrors() {
        let error = WikipediaConfigurationError.invalidLanguage("x y")
        #expect(SettingHint.describe(error) == error.description)
    }

    @Test("Redis's sentences name the URL, never SCOUT_REDIS or --redis")
    func redisSentences() {
        let errors = [
            RedisError(kind: .connectionRefused, message: "Connection refused", server: "127.0.0.1:6379"),
            RedisError(
                kind: .authenticationFailed, code: "WRONGPASS", message: "WRONGPASS invalid username-password pair",
                command: "AUTH", server: "h:1"),
            RedisError(
                kind: .server, code: "READONLY", message: "READONLY You can't write against a read only replica.",
                command: "SET", server: "h:1"),
        ]
        for error in errors {
            #expect(!error.sentence.contains("SCOUT_") && !error.sentence.contains("--redis"), "\(error.sentence)")
        }
    }

    @Test(
        "a bad Redis URL names the setting that held it",
        arguments: [
            (["serve", "--redis", "redis://127.0.0.1:6379/0?x=1"], [:], "--redis: The Redis URL takes no query"),
            (["serve"], ["SCOUT_REDIS": "redis://127.0.0.1:6379/0#x"], "SCOUT_REDIS: The Redis URL takes no query"),
        ])
    func redisURLs(arguments: [String], environment: [String: String], prefix: String) async throws {
        let result = try await ScoutExecutable.run(arguments, environment: environment)
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix("scout: \(prefix)"), "\(result.standardError)")
    }

    @Test("a bad address of a source names its variable")
    func searchAddress() async throws {
        let result = try await ScoutExecutable.run(
            ["search", "commons", "matterhorn"], environment: ["SCOUT_COMMONS_API": "ftp://mirror/w/api.php"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix("scout: 'ftp://mirror/w/api.php' is not an http(s) address"))
        #expect(result.standardError.hasSuffix(", in SCOUT_COMMONS_API.\n"), "\(result.standardError)")
    }
}

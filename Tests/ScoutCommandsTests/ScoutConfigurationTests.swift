import Foundation
import Networking
import Providers
import Redis
import ScoutServer
import TerminalUI
import Testing

@testable import ScoutCommands

/// The one place `scout` reads its environment: every variable the README lists, unset and empty
/// ones falling back to the defaults, and what the commands' libraries get from it.
@Suite("Configuration from the environment", .timeLimit(.minutes(10)))
struct ScoutConfigurationTests {
    private static let canary = "CANARY-flickr-5f3a9d"

    @Test func unsetAndEmptyVariablesKeepTheDefaults() {
        let empty = [
            "SCOUT_COMMONS_API": "", "SCOUT_FLICKR_API": "", "FLICKR_API_KEY": "  ", "SCOUT_WIKIPEDIA_API": "",
            "SCOUT_WIKIPEDIA_LANG": "", "SCOUT_WIKIMEDIA_UPLOAD": "", "SCOUT_CONTACT": "", "SCOUT_BOOKS_API": "",
        ]
        for environment in [[:], empty] {
            let configuration = ScoutConfiguration(environment: environment)
            #expect(configuration.listen == "127.0.0.1:8080")
            #expect(configuration.commonsAPIAddress == CommonsProvider.defaultAPIAddress)
            #expect(configuration.flickrAPIAddress == FlickrProvider.defaultAPIAddress)
            #expect(configuration.flickrAPIKey == nil)
            #expect(configuration.wikipediaAPITemplate == WikipediaProvider.defaultAPITemplate)
            #expect(configuration.wikipediaLanguage == "en" && configuration.wikimediaUpload == nil)
            #expect(configuration.userAgent == UserAgent.make(contact: nil))
            #expect(configuration.booksAPIAddress == nil && configuration.columns == nil)
        }
    }

    @Test func eachVariableSetsItsField() throws {
        let configuration = ScoutConfiguration(environment: [
            "SCOUT_LISTEN": "0.0.0.0:9000", "SCOUT_DATABASE": "postgres://scout@db/books",
            "SCOUT_WIKIPEDIA_API": "http://127.0.0.1:9/w/api.php", "SCOUT_WIKIPEDIA_LANG": "de",
            "SCOUT_WIKIMEDIA_UPLOAD": "http://127.0.0.1:8/", "SCOUT_COMMONS_API": "http://127.0.0.1:7/w/api.php",
            "SCOUT_FLICKR_API": "http://127.0.0.1:6/rest/", "FLICKR_API_KEY": Self.canary,
            "SCOUT_BOOKS_API": "http://127.0.0.1:5", "SCOUT_CONTACT": "ops@example.org",
            "SCOUT_CACHE_DIR": "/var/cache/scout", "COLUMNS": "132", "TERM": "xterm-kitty", "DISPLAY": ":0",
            "SCOUT_REDIS": "redis://cache.internal:6380/2", "SCOUT_TRUSTED_PROXIES": "10.0.0.5,10.0.0.6",
        ])
        #expect(try configuration.redis?.get() == RedisURL(host: "cache.internal", port: 6380, database: 2))
        #expect(configuration.trustedProxies == "10.0.0.5,10.0.0.6")
        #expect(configuration.listen == "0.0.0.0:9000")
        #expect(configuration.database(explicit: nil) == "postgres://scout@db/books")
        #expect(configuration.database(explicit: "/tmp/books.sqlite") == "/tmp/books.sqlite")
        #expect(configuration.wikipediaLanguage == "de")
        #expect(configuration.booksAPIAddress == "http://127.0.0.1:5")
        #expect(configuration.userAgent.hasSuffix("(ops@example.org)"))
        #expect(configuration.cacheDirectory?.path == "/var/cache/scout")
        #expect(configuration.columns == 132)
        #expect(configuration.imageMode == .kitty && configuration.hasDisplay)

        let server = configuration.server
        #expect(server.wikipediaAPITemplate == "http://127.0.0.1:9/w/api.php" && server.wikipediaLanguage == "de")
        #expect(server.wikimediaUploadBase.absoluteString == "http://127.0.0.1:8/")
        #expect(server.commonsAPIAddress == "http://127.0.0.1:7/w/api.php")
        #expect(server.flickrAPIAddress == "http://127.0.0.1:6/rest/")
        #expect(server.flickrAPIKey == FlickrAPIKey(Self.canary))
        #expect(
            server.userAgent == configuration.userAgent && server.imageCacheDirectory == configuration.cacheDirectory)
    }

    @Test(
        "the reader's languages come from LANGUAGE, LC_ALL, LC_MESSAGES and LANG, as Wikipedia codes, each once",
        arguments: [
            (["LANGUAGE": "de_CH:fr", "LANG": "en_GB.UTF-8"], ["de", "fr", "en"]),
            (["LANG": "nb_NO.UTF-8"], ["no"]), (["LC_ALL": "C.UTF-8", "LANG": "POSIX"], []),
            (["LANGUAGE": "zz:ja_JP@latin:ja", "LC_MESSAGES": "pt_BR"], ["ja", "pt"]), ([:], []),
        ])
    func readerLanguages(environment: [String: String], expected: [String]) {
        #expect(ScoutConfiguration(environment: environment).readerLanguages == expected)
    }

    @Test(
        "scout tui's languages: --lang's (several, comma-separated), then the reader's; a wrong code is a usage error")
    func tuiLanguages() throws {
        let configuration = ScoutConfiguration(environment: ["LANGUAGE": "fr:de", "SCOUT_WIKIPEDIA_LANG": "ja"])
        #expect(try TUISettings.languages(asked: "en,de", configuration: configuration) == ["en", "de", "fr"])
        #expect(try TUISettings.languages(asked: nil, configuration: configuration) == ["ja", "fr", "de"])
        #expect(throws: UsageError.self) { try TUISettings.languages(asked: "en,xx", configuration: configuration) }
        let wrongDefault = ScoutConfiguration(environment: ["SCOUT_WIKIPEDIA_LANG": "english"])
        #expect(throws: UsageError.self) { try TUISettings.languages(asked: nil, configuration: wrongDefault) }
    }

    @Test func theFleetSizeComesFromTheFlagElseTheEnvironment() throws {
        let configuration = ScoutConfiguration(environment: ["SCOUT_FLEET_SIZE": "4"])
        #expect(configuration.fleetSize == "4")
        #expect(try ServeCommand(arguments: [], configuration: configuration).fleetSize == 4)
        #expect(try ServeCommand(arguments: ["--fleet-size", "3"], configuration: configuration).fleetSize == 3)
        #expect(try ServeCommand(arguments: [], configuration: ScoutConfiguration(environment: [:])).fleetSize == nil)
        let wrong = ScoutConfiguration(environment: ["SCOUT_FLEET_SIZE": "many"])
        #expect(throws: UsageError.self) { try ServeCommand(arguments: [], configuration: wrong) }
    }

    @Test func theImageMemoryComesFromTheFlagElseTheEnvironment() throws {
        let configuration = ScoutConfiguration(environment: ["SCOUT_IMAGE_MEMORY": "0"])
        #expect(try ServeCommand(arguments: [], configuration: configuration).imageMemory == 0)
        #expect(try ServeCommand(arguments: ["--image-memory", "8"], configuration: configuration).imageMemory == 8)
        #expect(try ServeCommand(arguments: [], configuration: ScoutConfiguration(environment: [:])).imageMemory == nil)
        let wrong = ScoutConfiguration(environment: ["SCOUT_IMAGE_MEMORY": "-1"])
        #expect(throws: UsageError.self) { try ServeCommand(arguments: [], configuration: wrong) }
    }

    @Test func theFlickrKeyAndRedisPasswordNeverShowInTheConfigurationsDescription() {
        let configuration = ScoutConfiguration(environment: [
            "FLICKR_API_KEY": Self.canary, "SCOUT_REDIS": "redis://:\(Self.canary)@127.0.0.1:6379/0",
        ])
        #expect(configuration.flickrAPIKey == FlickrAPIKey(Self.canary))
        for text in [String(describing: configuration), String(reflecting: configuration)] {
            #expect(!text.contains(Self.canary))
        }
        #expect(!String(reflecting: configuration.server).contains(Self.canary))
    }

    @Test func theDataAndCacheFoldersFollowXDGThenHome() {
        let xdg = ScoutConfiguration(environment: [
            "XDG_DATA_HOME": "/data", "XDG_CACHE_HOME": "/cache", "HOME": "/home/ada",
        ])
        #expect(xdg.database == "/data/scout/books.sqlite")
        #expect(xdg.cacheDirectory?.path == "/cache/scout")
        let home = ScoutConfiguration(environment: ["HOME": "/home/ada"])
        #expect(home.database == "/home/ada/.local/share/scout/books.sqlite")
        #expect(home.cacheDirectory?.path == "/home/ada/.cache/scout")
        #expect(ScoutConfiguration(environment: [:]).cacheDirectory == nil)
    }
}

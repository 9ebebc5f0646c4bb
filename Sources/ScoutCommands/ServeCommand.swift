import BookCatalog
import BookStorage
import Foundation
import HTTPServer
import Redis
import ScoutServer
import Synchronization

/// `scout serve`: runs the web app and API until interrupted.
struct ServeCommand: ScoutCommand {
    static let name = "serve"
    static let summary = "Serve the web app and JSON API."
    static let help = """
        Usage: scout serve [--listen host:port] [--threads n] [--connections-per-ip n]
                           [--client-rate n] [--trusted-proxy list] [--database path]
                           [--database-password-file file] [--redis url]
                           [--redis-password-file file] [--fleet-size n]
                           [--image-memory MiB] [--quiet]

        Serves Scout's web page and API until Ctrl-C (SIGINT) or SIGTERM, then finishes the
        requests in flight and stops.

        Options:
          --listen host:port  Address to listen on (env SCOUT_LISTEN; default 127.0.0.1:8080).
                              Port 0 picks a free port. Use [::1]:8080 for IPv6.
          --threads n         Threads serving connections (default: the number of cores).
          --connections-per-ip n
                              Open connections allowed from one IP address (default 16).
                              Raise it behind a reverse proxy, where every client shares
                              the proxy's address.
          --client-rate n     Searches per second one client address may make, with bursts of
                              three times that (default 10). Beyond it: 429 with Retry-After.
                              Other routes take a share of a search from the same bucket
                              (/map 2, a book 0.5, the page 0.1, an image 0.05).
          --trusted-proxy list
                              Proxies in front of Scout, such as nginx (env
                              SCOUT_TRUSTED_PROXIES; IP addresses, separated by commas).
                              A request from one of them counts against the client it
                              names in X-Forwarded-For, not against the proxy.
          --database path     The book catalog behind /map (env SCOUT_DATABASE; default
                              $XDG_DATA_HOME/scout/books.sqlite), a SQLite file or a
                              postgres:// URL. An empty catalog gets the starter catalog
                              (about 300 well-known books) on first start; a new file is
                              made only in a folder that exists (the default's is created).
                              A catalog that cannot be opened is tried again in the
                              background; /readyz and the book routes say why meanwhile.
                              Its search index is kept in a file mapped at start: beside
                              a SQLite file, for PostgreSQL in SCOUT_CACHE_DIR/search-index,
                              named after the catalog's identity in its database.
          --database-password-file file
                              The catalog's password, in a file only you can read (chmod
                              600); else env SCOUT_DATABASE_PASSWORD or PGPASSWORD. A
                              password in --database shows in 'ps' to every user.
          --redis url         Share the search cache, coalescing, per-client limits and the
                              upstream budgets with every instance using the same Redis
                              (env SCOUT_REDIS; redis://[:password@]host:port/db). Without
                              it this process keeps them alone. If Redis stops answering,
                              the instance serves from its own state until it is back.
          --redis-password-file file
                              Redis's password, in a file only you can read (chmod 600);
                              else env SCOUT_REDIS_PASSWORD.
          --fleet-size n      The fewest instances sharing the Redis (env SCOUT_FLEET_SIZE;
                              default 1). While Redis does not answer, this instance keeps
                              to 1/n of each upstream's budget, or less if the instances'
                              heartbeats last showed more of them.
          --image-memory MiB  Memory for cached images (env SCOUT_IMAGE_MEMORY; default 64).
                              0 keeps none in memory: images cached on disk are sent
                              from their files, the kernel caching the bytes.
          --quiet             Do not write the access log (one line per request on stderr).

        Endpoints:
          /                  the web page (and /search?q=…&source=… without JavaScript)
          /api/v1/search     JSON search: ?source=wikipedia&q=…&cursor=…&limit=…
          /api/v1/sources    the sources and whether each is configured
          /api/openapi.json  the OpenAPI 3.1 description of the API
          /img/<source>/<key>  thumbnails, fetched by the server from the source's image host
          /map?q=<title>     related books, as the RecommendBook app reads them:
                             [{"source":…,"reltype":"same series","target":…}]
          /healthz           {"status":"ok","version":"…"} while the server is healthy

        Environment:
          SCOUT_WIKIPEDIA_API     MediaWiki API address (default https://{lang}.wikipedia.org/w/api.php)
          SCOUT_WIKIPEDIA_LANG    Wikipedia language (default en)
          SCOUT_WIKIMEDIA_UPLOAD  where thumbnails come from (default https://upload.wikimedia.org/)
          SCOUT_CACHE_DIR         image cache directory (default $XDG_CACHE_HOME/scout)
          SCOUT_CONTACT           contact in the User-Agent of upstream calls
        """

    let listen: ListenAddress
    let threads: Int
    let connectionsPerIP: Int
    let clientRate: Int?
    /// The book catalog to open (created with the starter catalog when empty).
    let database: DatabaseOption
    /// What to tell the user before serving, such as a password given where `ps` shows it.
    let warnings: [String]
    let isQuiet: Bool
    /// The fleet's Redis, from `--redis` or `SCOUT_REDIS`.
    let redisURL: RedisURL?
    /// The proxies whose `X-Forwarded-For` names the client, from `--trusted-proxy` or
    /// `SCOUT_TRUSTED_PROXIES`.
    let trustedProxies: [String]
    /// The fleet's size when Redis does not say more, from `--fleet-size` or `SCOUT_FLEET_SIZE`.
    let fleetSize: Int?
    /// Memory for cached images in MiB, from `--image-memory` or `SCOUT_IMAGE_MEMORY`.
    let imageMemory: Int?
    let configuration: ScoutConfiguration

    init(arguments: [String], configuration: ScoutConfiguration) throws(UsageError) {
        var scanner = ArgumentScanner(arguments)
        listen = try ListenAddress(try scanner.value(for: "--listen") ?? configuration.listen)
        threads =
            try Self.count(scanner.value(for: "--threads"), option: "--threads", range: 1...256)
            ?? max(2, ProcessInfo.processInfo.activeProcessorCount)
        connectionsPerIP =
            try Self.count(
                scanner.value(for: "--connections-per-ip"), option: "--connections-per-ip", range: 1...65_536)
            ?? ServerLimits().maxConnectionsPerIP
        database = try DatabaseOption(scanning: &scanner, configuration: configuration)
        clientRate = try Self.count(scanner.value(for: "--client-rate"), option: "--client-rate", range: 1...10_000_000)
        isQuiet = scanner.flag("--quiet")
        let proxies = try scanner.value(for: "--trusted-proxy") ?? configuration.trustedProxies ?? ""
        do {
            trustedProxies = try ClientAddress.parse(proxies)
        } catch {
            throw UsageError(error.description)
        }
        let redis = try scanner.value(for: "--redis")
        let redisPasswordFile = try scanner.value(for: "--redis-password-file")
        let redisPassword =
            try redisPasswordFile.map { path throws(UsageError) in
                try SecretFile.read(path, option: "--redis-password-file")
            } ?? configuration.redisPassword
        var setting = "SCOUT_REDIS"
        do throws(RedisError) {
            var url = try configuration.redis?.get()
            if let redis {
                setting = "--redis"
                url = try RedisURL(redis)
            }
            redisURL = redisPassword.flatMap { password in url?.replacingPassword(with: password) } ?? url
        } catch {
            // The Redis module describes the URL; which setting held it is ours to say.
            let sentence = error.description.hasSuffix(".") ? String(error.description.dropLast()) : error.description
            throw UsageError("\(setting): \(sentence)")
        }
        warnings = database.warnings + (redis.map { DatabaseOption.warnings(option: "--redis", value: $0) } ?? [])
        let fleet = try scanner.value(for: "--fleet-size")
        fleetSize = try Self.count(
            fleet ?? configuration.fleetSize, option: fleet == nil ? "SCOUT_FLEET_SIZE" : "--fleet-size",
            range: 1...10_000)
        let memory = try scanner.value(for: "--image-memory")
        imageMemory = try Self.count(
            memory ?? configuration.imageMemory, option: memory == nil ? "SCOUT_IMAGE_MEMORY" : "--image-memory",
            range: 0...1_048_576)
        try scanner.finish()
        self.configuration = configuration
    }

    /// A whole number option within `range`, or nil when absent.
    private static func count(_ text: String?, option: String, range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                "\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// The book catalog, opened in the background and again after each failure until it opens:
    /// with the starter catalog installed when it is empty (so books work offline on a fresh
    /// machine). A new file is made only in a folder that exists — the default location's
    /// folders are created, as on a first run, but a mistyped `--database` makes none.
    private func openCatalog() -> CatalogConnection {
        let location = database.location
        let creation: BookStores.Creation = database.isDefault ? .fileAndFolders : .file
        let log = CatalogFailureLog()
        let readingAnalyzer = CatalogReadings.analyzer(folder: configuration.mecabDictionary)
        let searchIndexDirectory = configuration.searchIndexDirectory
        return CatalogConnection(clock: configuration.clock) {
            do {
                let store = try await BookStores.open(
                    location, creating: creation, readingAnalyzer: readingAnalyzer,
                    searchIndexDirectory: searchIndexDirectory, onWait: { Console.error("scout: \($0)") })
                if let summary = try await StarterCatalog.installIfEmpty(into: store) {
                    Console.error("scout: installed the starter catalog (\(summary.imported) books) in \(location).")
                }
                // Built while the server takes requests; searches meanwhile take their candidates
                // from the store. A failed build is retried by the next search, which reports the
                // store's error itself.
                Task { try? await store.prepareSearch() }
                // A PostgreSQL import killed mid-way left its search indexes unbuilt: built now, on
                // a connection of their own, rather than at the next write.
                Task {
                    do {
                        _ = try await (store as? any BulkImportAware)?.finishAbandonedImport()
                    } catch {
                        Console.error(
                            "scout: the search indexes a killed import left unbuilt could not be built (\(error)); "
                                + "searches scan the catalog until then. Let the database role create indexes "
                                + "on books, or run any import into the catalog, which builds them.")
                    }
                }
                log.opened(location)
                return store
            } catch {
                log.failed(String(describing: error))
                throw error
            }
        }
    }

    func run() async -> Int32 {
        var limits = ServerLimits()
        limits.maxConnectionsPerIP = connectionsPerIP
        let serverConfiguration = ServerConfiguration(
            host: listen.host, port: listen.port, threadCount: threads, limits: limits,
            accessLog: isQuiet ? nil : .standardError, clock: configuration.clock)
        var appConfiguration = configuration.server
        if let clientRate {
            appConfiguration.clientRequestsPerSecond = Double(clientRate)
            appConfiguration.clientBurst = clientRate * 3
        }
        appConfiguration.fleet.redisURL = redisURL
        if let fleetSize { appConfiguration.fleet.minimumFleetSize = fleetSize }
        if let imageMemory { appConfiguration.imageMemoryCapacity = imageMemory * 1_048_576 }
        appConfiguration.clientAddress = ClientAddress(trustedProxies: trustedProxies)
        for warning in warnings { Console.error(warning) }
        let catalog = openCatalog()
        // The first attempt is awaited, so a catalog that opens is served from the first request.
        _ = await catalog.settled()
        let app = ScoutApp(configuration: appConfiguration, catalog: catalog)
        let server = Server(configuration: serverConfiguration, responder: app.router)
        do {
            try server.start()
        } catch {
            Console.error("scout: \(error.description)")
            return ExitCode.failure
        }
        let address = ListenAddress(host: listen.host, port: server.port)
        Console.out("Scout is serving on http://\(address)/ — press Ctrl-C to stop.")
        let signal = await server.serveUntilSignalled()
        Console.error("scout: stopped on signal \(signal) after finishing requests in flight.")
        return ExitCode.success
    }
}

/// What `serve` logs of its catalog's attempts to open: each new reason it fails for (not every
/// retry's), and the opening after a failure.
private final class CatalogFailureLog: Sendable {
    private let lastReason = Mutex<String?>(nil)

    func failed(_ reason: String) {
        let isNew = lastReason.withLock { last in
            defer { last = reason }
            return last != reason
        }
        if isNew { Console.error("scout: \(reason) The book routes answer 503 until it opens; retrying.") }
    }

    func opened(_ location: CatalogLocation) {
        if lastReason.withLock({ $0.take() }) != nil {
            Console.error("scout: the book catalog at \(location) is open.")
        }
    }
}

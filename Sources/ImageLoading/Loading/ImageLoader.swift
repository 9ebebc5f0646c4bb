import Dispatch
import Foundation
import Networking
import Synchronization

/// Loads images by URL the way a good citizen does — User-Agent, deadline, byte cap and the
/// host's budget, through ``Networking/APIClient`` — and safely: redirects are followed by
/// hand (at most ``Configuration/maxRedirects``) with the ``ImageFetchPolicy`` asked before
/// every hop; bodies must sniff as JPEG, PNG, GIF or WebP within the pixel budget before
/// anything is cached. Caches in memory (LRU by bytes) and optionally on disk (checksummed,
/// size-capped, memory only while the disk fails); concurrent requests for one URL share one
/// download; 404s are remembered briefly; ``prefetch(_:)`` loads ahead at low priority.
///
/// ```swift
/// let loader = ImageLoader(configuration: .init(userAgent: UserAgent.make(contact: contact)))
/// let image = try await loader.image(for: thumbnailURL)
/// image.info.format   // .jpeg, sniffed from the bytes
/// ```
public final class ImageLoader: Sendable {
    /// The settings it was made with.
    public let configuration: Configuration
    let policy: ImageFetchPolicy
    let client: APIClient
    let capture: CapturingTransport
    /// Time since the loader was made, on its clock.
    let elapsed: @Sendable () -> Duration
    /// Sleeps on the loader's clock.
    let sleep: @Sendable (Duration) async throws -> Void
    let memory: MemoryCache
    let disk: DiskCache?
    let diskQueue = DispatchQueue(label: "scout.image-loader.disk")
    /// When the disk failed, the loader caches in memory only until this time.
    let diskHealth = Mutex(DiskHealth())
    let negatives: NegativeCache
    let flights = FlightTable<LoadedImage>()
    let prefetching: Mutex<PrefetchState>
    let tally = Mutex(Counters())

    /// Creates a loader.
    ///
    /// - Parameters:
    ///   - policy: asked before every connection, redirects included.
    ///   - transport: by default one of the loader's own from ``Networking/PlatformTransport``,
    ///     holding every connection to the policy's ``ImageFetchPolicy/connectPolicy``; one
    ///     passed in must not follow redirects by itself.
    ///   - clock: measures the deadline and the hosts' budgets.
    ///
    /// When the disk directory cannot be created the loader caches in memory only.
    public init(
        configuration: Configuration, policy: ImageFetchPolicy = .publicHTTPS(),
        transport: (any Transport)? = nil, clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.configuration = configuration
        self.policy = policy
        self.capture = CapturingTransport(
            transport ?? policy.connectPolicy.map { PlatformTransport.make(connectPolicy: $0) }
                ?? PlatformTransport.shared)
        self.client = APIClient(
            configuration: .init(
                userAgent: configuration.userAgent, hostPolicies: configuration.hostPolicies,
                defaultPolicy: configuration.defaultPolicy),
            transport: capture, clock: clock)
        (self.elapsed, self.sleep) = Self.timeline(clock)
        self.memory = MemoryCache(capacity: configuration.memoryCapacity)
        self.disk = configuration.diskDirectory.flatMap { directory in
            try? DiskCache(
                directory: directory, capacity: configuration.diskCapacity, maxEntryBytes: configuration.maxBytes,
                writer: configuration.diskWriter, now: configuration.wallClock)
        }
        self.negatives = NegativeCache(
            capacity: configuration.negativeCapacity, timeToLive: configuration.negativeTimeToLive)
        self.prefetching = Mutex(
            PrefetchState(scheduler: PrefetchScheduler(concurrency: configuration.prefetchConcurrency)))
    }

    /// The image at `url`, from memory, disk or the network.
    ///
    /// Throws ``ImageLoaderError`` for every failure, or `CancellationError` when the calling
    /// task is cancelled (the download goes on while others wait for it, and stops when the
    /// last one leaves). A 404 is remembered for ``Configuration/negativeTimeToLive``.
    public func image(for url: URL) async throws -> LoadedImage {
        // Keys are canonical URLs, and canonical URLs are their own canonical form: a URL
        // already in that form can hit memory without being parsed again (the hot path).
        if let hit = memoryImage(for: url) { return hit }
        guard let url = HopURL.canonical(url) else {
            tally.withLock { $0.rejected += 1 }
            throw ImageLoaderError(.refused, details: "not an http(s) URL Scout accepts")
        }
        let key = url.absoluteString
        if let hit = memory.image(for: key) {
            tally.withLock { $0.memoryHits += 1 }
            return hit
        }
        if negatives.contains(key, now: elapsed()) {
            tally.withLock { $0.negativeHits += 1 }
            throw ImageLoaderError(.status(404), details: "a 404 remembered for \(url.host ?? "?")")
        }
        return try await asForeground { try await load(url, key: key) }
    }

    /// The image for `url` if it is in memory now, without waiting for anything: for servers
    /// that answer memory hits on their own thread. Counts as a memory hit; nil otherwise (then
    /// call ``image(for:)``). Only the canonical form of a URL (as ``image(for:)`` stores it)
    /// is looked up.
    ///
    /// ```swift
    /// let image = if let hit = loader.memoryImage(for: url) { hit } else { try await loader.image(for: url) }
    /// ```
    public func memoryImage(for url: URL) -> LoadedImage? {
        guard let hit = memory.image(for: url.absoluteString) else { return nil }
        tally.withLock { $0.memoryHits += 1 }
        return hit
    }

    /// Whether this loader caches on disk (false when no directory was configured or it could
    /// not be created).
    public var hasDiskCache: Bool { disk != nil }

    /// The image for `url` if it is cached in memory or on disk; never touches the network.
    ///
    /// ```swift
    /// if let image = await loader.cachedImage(for: url) { print(image.info) }
    /// ```
    public func cachedImage(for url: URL) async -> LoadedImage? {
        guard let key = HopURL.canonical(url)?.absoluteString else { return nil }
        if let hit = memory.image(for: key) { return hit }
        guard case .hit(let image) = await lookupOnDisk(key) else { return nil }
        memory.insert(image, for: key)
        return image
    }

    /// What the loader has done so far, and what it holds.
    public var counters: Counters {
        var snapshot = tally.withLock { $0 }
        snapshot.memoryBytes = memory.totalBytes
        snapshot.diskBytes = disk?.totalBytes ?? 0
        snapshot.isMemoryOnly = isMemoryOnly
        return snapshot
    }

    /// Empties the memory and disk caches (404s remembered too).
    ///
    /// ```swift
    /// await loader.removeAll()
    /// ```
    public func removeAll() async {
        memory.removeAll()
        negatives.removeAll()
        guard let disk else { return }
        await onDiskQueue { disk.removeAll() }
    }

    private static func timeline<C: Clock>(
        _ clock: C
    ) -> (@Sendable () -> Duration, @Sendable (Duration) async throws -> Void) where C.Duration == Duration {
        let origin = clock.now
        return ({ origin.duration(to: clock.now) }, { try await clock.sleep(for: $0) })
    }
}

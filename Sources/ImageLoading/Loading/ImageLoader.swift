import Dispatch
import Foundation
import Networking
import Synchronization

/// Loads images by URL the way a good citizen does — User-Agent, deadline, byte cap and the
/// host's budget, through ``Networking/APIClient`` — and safely: redirects are followed by
/// hand (at most ``Configuration/maxRedirects``) with the ``ImageFetchPolicy`` asked before
/// every hop; bodies must sniff as JPEG, PNG, GIF or WebP within the pixel budget before
/// anything is cached. Caches in memory (LRU by bytes) and optionally on disk (checksummed,
/// size-capped); concurrent requests for one URL share one download.
///
/// ```swift
/// let loader = ImageLoader(configuration: .init(userAgent: UserAgent.make(environment: env)))
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
    private let diskQueue = DispatchQueue(label: "scout.image-loader.disk")
    private let flights = FlightTable<LoadedImage>()
    let tally = Mutex(Counters())

    /// Creates a loader.
    ///
    /// - Parameters:
    ///   - policy: asked before every connection, redirects included.
    ///   - transport: URLSession by default; it must not follow redirects by itself.
    ///   - clock: measures the deadline and the hosts' budgets.
    ///
    /// When the disk directory cannot be created the loader caches in memory only.
    ///
    /// ```swift
    /// ImageLoader(configuration: configuration, policy: allowlist.policy)
    /// ```
    public init(
        configuration: Configuration, policy: ImageFetchPolicy = .publicHTTPS(),
        transport: any Transport = URLSessionTransport(), clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.configuration = configuration
        self.policy = policy
        self.capture = CapturingTransport(transport)
        self.client = APIClient(
            configuration: .init(
                userAgent: configuration.userAgent, hostPolicies: configuration.hostPolicies,
                defaultPolicy: configuration.defaultPolicy),
            transport: capture, clock: clock)
        (self.elapsed, self.sleep) = Self.timeline(clock)
        self.memory = MemoryCache(capacity: configuration.memoryCapacity)
        self.disk = configuration.diskDirectory.flatMap { directory in
            try? DiskCache(
                directory: directory, capacity: configuration.diskCapacity, maxEntryBytes: configuration.maxBytes)
        }
    }

    /// The image at `url`, from memory, disk or the network.
    ///
    /// Throws ``ImageLoaderError`` for every failure, or `CancellationError` when the calling
    /// task is cancelled (the download goes on while others wait for it).
    ///
    /// ```swift
    /// let image = try await loader.image(for: URL(string: "https://upload.wikimedia.org/…/120px-X.png")!)
    /// ```
    public func image(for url: URL) async throws -> LoadedImage {
        guard let url = HopURL.canonical(url) else {
            tally.withLock { $0.rejected += 1 }
            throw ImageLoaderError(.refused, details: "not an http(s) URL Scout accepts")
        }
        let key = url.absoluteString
        if let hit = memory.image(for: key) {
            tally.withLock { $0.memoryHits += 1 }
            return hit
        }
        return try await flights.value(
            for: key, joined: { [self] in tally.withLock { $0.coalesced += 1 } },
            work: { [self] in try await loadMissing(url, key: key) })
    }

    /// Whether this loader caches on disk (false when no directory was configured or it could
    /// not be created).
    public var hasDiskCache: Bool { disk != nil }

    /// The image for `url` if it is cached in memory or on disk; never touches the network.
    ///
    /// ```swift
    /// if let image = await loader.cachedImage(for: url) { show(image) }
    /// ```
    public func cachedImage(for url: URL) async -> LoadedImage? {
        guard let key = HopURL.canonical(url)?.absoluteString else { return nil }
        if let hit = memory.image(for: key) { return hit }
        guard disk != nil, case .hit(let image) = await lookupOnDisk(key) else { return nil }
        memory.insert(image, for: key)
        return image
    }

    /// What the loader has done so far, and what it holds.
    public var counters: Counters {
        var snapshot = tally.withLock { $0 }
        snapshot.memoryBytes = memory.totalBytes
        snapshot.diskBytes = disk?.totalBytes ?? 0
        return snapshot
    }

    /// Empties the memory and disk caches.
    ///
    /// ```swift
    /// await loader.removeAll()
    /// ```
    public func removeAll() async {
        memory.removeAll()
        guard let disk else { return }
        await onDiskQueue { disk.removeAll() }
    }

    /// Disk, then network; whatever arrives is cached in memory and on disk.
    private func loadMissing(_ url: URL, key: String) async throws -> LoadedImage {
        if disk != nil, case .hit(let image) = await lookupOnDisk(key) {
            tally.withLock { $0.diskHits += 1 }
            let evicted = memory.insert(image, for: key)
            tally.withLock { $0.memoryEvictions += evicted }
            return image
        }
        tally.withLock { $0.misses += 1 }
        let image = try await download(url)
        let evicted = memory.insert(image, for: key)
        tally.withLock { counters in
            counters.downloads += 1
            counters.bytesDownloaded += image.data.count
            counters.memoryEvictions += evicted
        }
        if let disk {
            let stored = await onDiskQueue { () -> Int? in try? disk.store(image, for: key) }
            tally.withLock { counters in
                if let stored { counters.diskEvictions += stored } else { counters.diskWriteFailures += 1 }
            }
        }
        return image
    }

    private func lookupOnDisk(_ key: String) async -> DiskCache.Lookup {
        guard let disk else { return .miss }
        let lookup = await onDiskQueue { disk.lookup(key) }
        if case .corrupt = lookup { tally.withLock { $0.corruptEntriesRemoved += 1 } }
        return lookup
    }

    private static func timeline<C: Clock>(
        _ clock: C
    ) -> (@Sendable () -> Duration, @Sendable (Duration) async throws -> Void) where C.Duration == Duration {
        let origin = clock.now
        return ({ origin.duration(to: clock.now) }, { try await clock.sleep(for: $0) })
    }

    /// Runs blocking file work on the loader's own queue, off the cooperative pool.
    private func onDiskQueue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            diskQueue.async { continuation.resume(returning: work()) }
        }
    }
}

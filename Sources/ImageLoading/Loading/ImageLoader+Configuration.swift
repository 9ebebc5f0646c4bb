import Foundation
import Networking

extension ImageLoader {
    /// How one loader fetches and caches: etiquette and limits for the network, sizes for the
    /// caches. The defaults suit thumbnails.
    ///
    /// ```swift
    /// var configuration = ImageLoader.Configuration(userAgent: UserAgent.make(contact: contact))
    /// configuration.diskDirectory = cacheDirectory.appendingPathComponent("images")
    /// ```
    public struct Configuration: Sendable {
        /// The User-Agent every request carries (Wikimedia blocks generic agents).
        public var userAgent: String
        /// Bodies larger than this are refused while they arrive.
        public var maxBytes: Int
        /// Images whose width × height exceeds this are refused before any cache insert.
        public var maxPixels: Int
        /// The whole load, redirects and retries included, must finish within this.
        public var deadline: Duration
        /// Redirects followed (by hand, each target checked by the policy) before giving up.
        public var maxRedirects: Int
        /// Bytes of images kept in memory.
        public var memoryCapacity: Int
        /// Where images are cached on disk; nil keeps them in memory only.
        public var diskDirectory: URL?
        /// Bytes of files kept in ``diskDirectory``.
        public var diskCapacity: Int
        /// Per-host etiquette, as in ``Networking/APIClient/Configuration/hostPolicies``.
        public var hostPolicies: [String: HostPolicy]
        /// The policy of hosts not in ``hostPolicies``.
        public var defaultPolicy: HostPolicy
        /// How long a 404 is remembered (and answered without asking the host again). Only
        /// 404: transport errors, timeouts and 5xx are never remembered.
        public var negativeTimeToLive: Duration = .seconds(30)
        /// 404s remembered at once; the oldest go first.
        public var negativeCapacity = 4096
        /// After the disk reports ENOSPC, EIO, EDQUOT or EROFS, the loader caches in memory only
        /// for this long before trying the disk again.
        public var diskRetryInterval: Duration = .seconds(300)
        /// Prefetches downloading at once; they start only while no foreground load is waiting.
        public var prefetchConcurrency = 1
        /// Operational messages (the disk falling back to memory), one line each; standard error
        /// by default.
        public var log: @Sendable (String) -> Void = { ImageLoader.writeToStandardError($0) }
        /// The time of day, which the disk cache compares with its files' modification dates:
        /// which entry was used least recently, which temporary file another writer abandoned
        /// (over an hour ago). The system's by default; tests set their own.
        public var wallClock: @Sendable () -> Date = { Date() }
        /// How disk cache files are written; tests inject failures (ENOSPC, EIO) here.
        var diskWriter = DiskCacheWriter.atomic

        /// Creates a configuration; only the User-Agent has no default.
        ///
        /// ```swift
        /// ImageLoader.Configuration(userAgent: "Scout/1.0 (ops@example.org)", maxPixels: 20_000_000)
        /// ```
        public init(
            userAgent: String, maxBytes: Int = 5 * 1_048_576, maxPixels: Int = 40_000_000,
            deadline: Duration = .seconds(5), maxRedirects: Int = 3, memoryCapacity: Int = 64 * 1_048_576,
            diskDirectory: URL? = nil, diskCapacity: Int = 256 * 1_048_576,
            hostPolicies: [String: HostPolicy] = APIClient.Configuration.knownHosts,
            defaultPolicy: HostPolicy = HostPolicy()
        ) {
            self.userAgent = userAgent
            self.maxBytes = maxBytes
            self.maxPixels = maxPixels
            self.deadline = deadline
            self.maxRedirects = maxRedirects
            self.memoryCapacity = memoryCapacity
            self.diskDirectory = diskDirectory
            self.diskCapacity = diskCapacity
            self.hostPolicies = hostPolicies
            self.defaultPolicy = defaultPolicy
        }
    }
}

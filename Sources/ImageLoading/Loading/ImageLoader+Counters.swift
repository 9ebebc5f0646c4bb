extension ImageLoader {
    /// A snapshot of what a loader has done since it was made.
    ///
    /// ```swift
    /// let counters = loader.counters
    /// print("hit rate", Double(counters.hits) / Double(counters.hits + counters.misses))
    /// ```
    public struct Counters: Sendable, Equatable {
        /// Requests answered from memory.
        public var memoryHits = 0
        /// Requests answered from the disk cache.
        public var diskHits = 0
        /// Requests that had to download (one per download, however many waited for it).
        public var misses = 0
        /// Requests that joined a download already in flight for the same URL.
        public var coalesced = 0
        /// Downloads that produced an image.
        public var downloads = 0
        /// Bytes of the images downloaded.
        public var bytesDownloaded = 0
        /// Downloads refused by policy, byte cap, pixel budget or format.
        public var rejected = 0
        /// Downloads that failed upstream (status, timeout, connection).
        public var failed = 0
        /// Images dropped from memory to make room.
        public var memoryEvictions = 0
        /// Files deleted from the disk cache to stay under its cap.
        public var diskEvictions = 0
        /// Disk entries that failed their check and were deleted.
        public var corruptEntriesRemoved = 0
        /// Disk writes that failed (the image stayed in memory).
        public var diskWriteFailures = 0
        /// Requests answered with a 404 remembered from an earlier request.
        public var negativeHits = 0
        /// Downloads stopped because every request waiting for them was cancelled.
        public var cancelledDownloads = 0
        /// Times a full or failing disk made the loader cache in memory only.
        public var diskFallbacks = 0
        /// Prefetches started.
        public var prefetches = 0
        /// Prefetches cancelled, queued or running.
        public var prefetchesCancelled = 0
        /// Bytes held in memory now.
        public var memoryBytes = 0
        /// Bytes held on disk now, as far as this process knows.
        public var diskBytes = 0

        /// Whether the loader caches in memory only now because the disk failed.
        public var isMemoryOnly = false

        /// Memory and disk hits together.
        public var hits: Int { memoryHits + diskHits }
        /// Memory and disk evictions together.
        public var evictions: Int { memoryEvictions + diskEvictions }
    }
}

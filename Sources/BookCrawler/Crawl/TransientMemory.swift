import CLibXML2

/// Gives back to the system the memory that reading a large page freed.
///
/// Reading a page of tens of thousands of elements allocates tens of megabytes for a moment
/// (libxml2's tree, then its copy as values), on whichever thread the crawl is on. glibc keeps
/// what each thread's arena freed for that arena's next use, so a crawl of large pages held a
/// page's worth per arena — 170 to 246 MiB against a link farm of 60,000 links a page, by how
/// the threads fell. A trim after each large page returns it (`scout_trim_heap`, glibc's
/// `malloc_trim`; nothing elsewhere).
///
/// ```swift
/// TransientMemory.release(afterReading: body.count)
/// ```
enum TransientMemory {
    /// Pages smaller than this leave too little behind to be worth a trim.
    static let threshold = 256 * 1024

    /// Returns freed memory to the system when a page of `bytes` was just read and let go.
    static func release(afterReading bytes: Int) {
        if bytes >= threshold { _ = scout_trim_heap() }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of one ``CandidateIndex`` image (see ``CandidateIndex/Layout``): a file mapped
/// read-only and shared, so every process on a host that maps it shares its pages, or a copy in
/// memory for an index just built. Unmapped or freed when the last index using it is gone.
///
/// `@unchecked Sendable`: the bytes are never written after `init`, and the pointer lives as
/// long as this object.
final class IndexBytes: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    /// Whether the bytes are a file's mapping (true) or memory of ours (false).
    let isMapped: Bool

    /// A copy of `image` in memory of our own.
    init(copying image: [UInt8]) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(image.count, 1), alignment: 8)
        image.withUnsafeBytes { memory.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(rebasing: memory[0..<image.count])
        isMapped = false
    }

    /// The file at `path`, mapped read-only; nil when it cannot be opened or mapped, with why.
    static func map(path: String, maximumSize: Int) -> Result<IndexBytes, IndexFileProblem> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(errno == ENOENT ? .missing : .unreadable("open failed (errno \(errno))"))
        }
        // The mapping outlives the descriptor.
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable("fstat failed (errno \(errno))")) }
        let size = Int(status.st_size)
        guard size > 0 else { return .failure(.malformed("the file is empty")) }
        guard size <= maximumSize else {
            return .failure(.malformed("the file holds \(size) bytes, more than the \(maximumSize) allowed"))
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), address != MAP_FAILED else {
            return .failure(.unreadable("mmap failed (errno \(errno))"))
        }
        // Search reads scattered pages: read ahead, the kernel would fill the page cache with
        // large folios, each mapped whole at a touch (2 MiB resident for one posting read).
        _ = madvise(address, size, Int32(MADV_RANDOM))
        return .success(IndexBytes(mapped: UnsafeRawBufferPointer(start: address, count: size)))
    }

    /// Writes the bytes to the file at `path`: to a temporary file beside it, renamed over it,
    /// so a reader never sees half of one. A page per write: the page cache then holds the
    /// file in single pages, so a process that maps it and reads one posting gets the few pages
    /// around it resident (fault-around, 64 KiB), not the large folio one big write would have
    /// made (up to 2 MiB). Throws what failed, with errno.
    func save(to path: String) throws(IndexFileProblem) {
        // A name of this process's own, so two writers never share a temporary file.
        let temporary = path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unwritable("creating \(temporary) failed (errno \(errno))") }
        var failure: IndexFileProblem?
        let page = 4096
        var offset = 0
        // Each round writes a byte or more, or ends the loop: at most `bytes.count` rounds.
        while offset < bytes.count {
            let written = write(
                descriptor, bytes.baseAddress.unsafelyUnwrapped + offset, min(page, bytes.count - offset))
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                failure = .unwritable("writing \(temporary) failed (errno \(errno))")
                break
            }
            offset += written
        }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 {
            failure = .unwritable("renaming \(temporary) to \(path) failed (errno \(errno))")
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Lets the pages of `part` (inside the bytes) go from this process's resident memory, when
    /// mapped: they stay in the page cache, and a later read maps them again. Memory of our own
    /// is kept.
    func release(_ part: UnsafeRawBufferPointer) {
        guard isMapped, let start = part.baseAddress, let base = bytes.baseAddress, !part.isEmpty else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        // Whole pages around `part`, all within the mapping (which starts on a page).
        let first = (start - base) / page * page
        let end = min(((start - base) + part.count + page - 1) / page * page, (bytes.count + page - 1) / page * page)
        _ = madvise(UnsafeMutableRawPointer(mutating: base + first), end - first, Int32(MADV_DONTNEED))
    }

    private init(mapped: UnsafeRawBufferPointer) {
        bytes = mapped
        isMapped = true
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        } else {
            bytes.deallocate()
        }
    }
}

/// Why an index file was not used: it is rebuilt from the store and written again.
public enum IndexFileProblem: Error, Equatable, CustomStringConvertible {
    /// No file yet (a first start, or a catalog never indexed by this version).
    case missing
    case unreadable(String)
    /// Not written: the folder is read-only, the disk full…
    case unwritable(String)
    /// Truncated, corrupted, of another format or version.
    case malformed(String)
    /// Made for another generation of the catalog.
    case stale(file: Int64, catalog: Int64)
    /// Of the catalog's generation but not its number of books: made for another catalog.
    case otherCatalog(file: Int, catalog: Int)
    /// Recording another catalog identity than the catalog's: made for another database.
    case foreign(file: Int64, catalog: Int64)

    public var description: String {
        switch self {
        case .missing: "there is no search index file yet"
        case .unreadable(let why): "the search index file could not be read: \(why)"
        case .unwritable(let why): "the search index file could not be written: \(why)"
        case .malformed(let why): "the search index file is damaged or of another version: \(why)"
        case .stale(let file, let catalog):
            "the search index file is of catalog generation \(file), the catalog is at \(catalog)"
        case .otherCatalog(let file, let catalog):
            "the search index file holds \(file) books, the catalog \(catalog): it was made for another catalog"
        case .foreign(let file, let catalog):
            "the search index file is of catalog identity \(file), the catalog's is \(catalog): it was made for another catalog"
        }
    }
}

/// A run of little-endian integers of one width (1–8 bytes, see ``CandidateIndex/Layout``)
/// inside an ``IndexBytes``, read in place. Reading at `index` requires `index < count`;
/// callers check values read from a file before using them as places (see ``CandidateIndex``'s
/// clamps).
struct PackedIntegers<Element: FixedWidthInteger>: Sendable {
    /// `@unchecked`: points into an ``IndexBytes`` the index keeps alive, with
    /// ``CandidateIndex/Layout/slack`` readable bytes after it.
    nonisolated(unsafe) let base: UnsafeRawBufferPointer
    let count: Int
    let width: Int
    private let mask: UInt64

    init(_ base: UnsafeRawBufferPointer, width: Int) {
        precondition((1...8).contains(width), "an index section of \(width)-byte elements")
        self.base = base
        self.width = width
        count = base.count / width
        mask = width == 8 ? .max : (1 << (8 * width)) - 1
    }

    /// One 8-byte load masked to the width, whatever the width: no branch in search's loops.
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "read past a packed array of the index")
        let word = base.baseAddress.unsafelyUnwrapped.loadUnaligned(fromByteOffset: index &* width, as: UInt64.self)
        return Element(truncatingIfNeeded: UInt64(littleEndian: word) & mask)
    }

    /// The value at `index` as a place in something of `bound` places: clamped to it, so a
    /// damaged file can make search wrong but never read out of bounds.
    func place(_ index: Int, within bound: Int) -> Int {
        min(Int(truncatingIfNeeded: self[index]) & Int.max, bound)
    }

    /// The run `self[index]..<self[index + 1]`, clamped to `0..<bound` and never reversed.
    func run(_ index: Int, within bound: Int) -> Range<Int> {
        let start = place(index, within: bound)
        return start..<max(start, place(index + 1, within: bound))
    }
}

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
        return .success(IndexBytes(mapped: UnsafeRawBufferPointer(start: address, count: size)))
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
    /// Truncated, corrupted, of another format or version.
    case malformed(String)
    /// Made for another generation of the catalog.
    case stale(file: Int64, catalog: Int64)
    /// Of the catalog's generation but not its number of books: made for another catalog.
    case otherCatalog(file: Int, catalog: Int)

    public var description: String {
        switch self {
        case .missing: "there is no search index file yet"
        case .unreadable(let why): "the search index file could not be read: \(why)"
        case .malformed(let why): "the search index file is damaged or of another version: \(why)"
        case .stale(let file, let catalog):
            "the search index file is of catalog generation \(file), the catalog is at \(catalog)"
        case .otherCatalog(let file, let catalog):
            "the search index file holds \(file) books, the catalog \(catalog): it was made for another catalog"
        }
    }
}

/// A run of little-endian fixed-width integers inside an ``IndexBytes``, read in place.
/// Reading at `index` requires `index < count`; callers check values read from a file before
/// using them as places (see ``CandidateIndex``'s clamps).
struct PackedIntegers<Element: FixedWidthInteger>: Sendable {
    /// `@unchecked`: points into an ``IndexBytes`` the index keeps alive.
    nonisolated(unsafe) let base: UnsafeRawBufferPointer
    let count: Int

    init(_ base: UnsafeRawBufferPointer) {
        self.base = base
        count = base.count / MemoryLayout<Element>.size
    }

    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "read past a packed array of the index")
        return Element(
            littleEndian: base.loadUnaligned(fromByteOffset: index * MemoryLayout<Element>.size, as: Element.self))
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

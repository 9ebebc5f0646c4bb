import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The advisory lock a process holds while its import into a SQLite catalog defers the
/// full-text index (SQLiteBookStore+DeferredIndex.swift): the file `<catalog>.import-lock` beside
/// the database, read-locked by every importing process, tested by readers without blocking.
/// A reader that finds the index marked stale and this lock held knows the import is alive and
/// will rebuild the index itself; a reader that finds it free knows the import died.
///
/// It is an open file description lock (`F_OFD_SETLK`, Linux 3.15 and later), chosen over the
/// others for three reasons: the kernel drops it when its descriptor closes, so a `kill -9` or
/// a power cut never leaves it behind; it belongs to the open file rather than to the process
/// (unlike a classic POSIX record lock, which any `close` of the same file by the same process
/// drops, and which `F_GETLK` never reports to its own process), so a second store in the same
/// process sees it too; and a reader asks with `F_OFD_GETLK` without taking anything (unlike
/// `flock`, which a test must take and give back), so readers testing at once never see each
/// other as importers. It is per host: processes on other machines sharing the file over a
/// network file system are not Scout's case (SQLite's own locking is unreliable there too).
///
/// Apple platforms have no open file description locks, so there it is a `flock` (also held
/// by the open file, also dropped by the kernel at close or death): an importer holds it
/// exclusive, a reader takes it shared without blocking and lets go at once. Two differences
/// follow. Only one importing process holds it at a time: a second one's ``acquire()`` fails
/// while the first holds it (each deferred batch tries again), which is harmless since the
/// first's hold already says an import is alive; but when the first ends before the second,
/// readers see it free until the second's next batch, and rebuild as for a dead import (slow,
/// never wrong). And a reader's brief shared hold can make an importer's ``acquire()`` fail,
/// so an importer tries a few times.
///
/// ```swift
/// let lock = ImportLock(databaseFile: "/var/lib/scout/books.sqlite")
/// _ = lock?.acquire()
/// lock?.isHeld()   // true, in this process and any other on the host
/// ```
public struct ImportLock: Sendable, Equatable {
    /// The lock file: the database file's path with `.import-lock` appended.
    public let path: String

    /// The lock of the catalog in `databaseFile`; nil for a database without a file (in memory
    /// or temporary), which no other process can read, or a path too long for one.
    public init?(databaseFile: String) {
        guard !databaseFile.isEmpty, databaseFile != ":memory:", databaseFile.utf8.count < Self.maximumPathBytes
        else { return nil }
        path = databaseFile + ".import-lock"
    }

    /// The longest database path taken, in bytes: Linux's `PATH_MAX` less the suffix.
    static let maximumPathBytes = 4096 - 16

    /// Whether any process on this host, this one included, holds the lock now. Never blocks.
    /// A lock file that is missing, or that this process may not open, reads as free: no
    /// import could have locked the first, and for the second the reader falls back to what it
    /// does for a dead import (rebuilding), which is slow but never wrong.
    public func isHeld() -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return Self.isLocked(descriptor)
    }

    /// Takes the lock for this process unless it holds it already; returns whether it holds it
    /// now. Fails (false) when the file cannot be created or locked — a directory this process
    /// may not write in, a symbolic link in its place — and then readers rebuild the index as
    /// for a dead import.
    @discardableResult
    public func acquire() -> Bool {
        Self.held.withLock { held in
            if held[path] != nil { return true }
            // Never through a symbolic link: in a directory others may write in, one could point
            // the lock at any file this process may open.
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { return false }
            guard Self.lock(descriptor) else {
                close(descriptor)
                return false
            }
            held[path] = descriptor
            return true
        }
    }

    /// Lets go of this process's hold (closing its descriptor drops the lock); nothing when it
    /// holds none. The file stays: removing it could race another importer opening it.
    public func release() {
        guard let descriptor = Self.held.withLock({ $0.removeValue(forKey: path) }) else { return }
        close(descriptor)
    }

    /// Whether this process holds the lock (taken by ``acquire()`` and not released).
    public var isHeldByThisProcess: Bool { Self.held.withLock { $0[path] != nil } }

    /// The descriptors this process holds locked, by lock file: one per catalog, whatever the
    /// number of stores importing into it, since the lock says "a process imports", not how many.
    private static let held = Mutex<[String: Int32]>([:])

    #if os(Linux)
        /// Whether a process holds the lock of the file open as `descriptor`.
        private static func isLocked(_ descriptor: Int32) -> Bool {
            var probe = wholeFile(F_WRLCK)
            // A write lock conflicts with every importer's read lock; the kernel answers with the
            // first conflicting lock, or F_UNLCK when there is none.
            guard fcntl(descriptor, getOpenFileLock, &probe) == 0 else { return false }
            return probe.l_type != Int16(F_UNLCK)
        }

        /// Locks the file open as `descriptor` for an importer; whether it could.
        private static func lock(_ descriptor: Int32) -> Bool {
            // A read lock: two processes importing into one catalog hold it together.
            var lock = wholeFile(F_RDLCK)
            return fcntl(descriptor, setOpenFileLock, &lock) == 0
        }

        /// `F_OFD_GETLK` and `F_OFD_SETLK` from `<linux/fcntl.h>`: Glibc's headers declare them only
        /// under `_GNU_SOURCE`, which Swift's Glibc module is built without.
        private static let getOpenFileLock: Int32 = 36
        private static let setOpenFileLock: Int32 = 37

        /// A lock record of `type` over the whole file; `l_pid` must be 0 for open file description locks.
        private static func wholeFile(_ type: Int32) -> flock {
            var record = flock()
            record.l_type = Int16(type)
            record.l_whence = Int16(SEEK_SET)
            record.l_start = 0
            record.l_len = 0
            record.l_pid = 0
            return record
        }
    #else
        /// Whether a process holds the lock of the file open as `descriptor`: an importer's
        /// exclusive `flock` refuses a shared one, which is given back at once (readers' shared
        /// holds never refuse each other).
        private static func isLocked(_ descriptor: Int32) -> Bool {
            guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
            flock(descriptor, LOCK_UN)
            return false
        }

        /// Locks the file open as `descriptor` for an importer, exclusively; whether it could.
        /// A reader holds it shared for the moment of its test, so a refusal is tried again a
        /// few times, a millisecond apart; bounded, since another importer may hold it.
        private static func lock(_ descriptor: Int32) -> Bool {
            for attempt in 0..<lockAttempts {
                if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
                guard errno == EWOULDBLOCK || errno == EINTR, attempt + 1 < lockAttempts else { return false }
                usleep(1000)
            }
            return false
        }

        /// How many times an importer tries to take the lock.
        private static let lockAttempts = 20
    #endif
}

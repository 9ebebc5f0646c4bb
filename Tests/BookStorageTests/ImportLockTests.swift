import BookStorage
import Foundation
import ScoutTestSupport
import Testing

/// The import lock (ImportLock.swift): held while an import into a SQLite catalog defers its
/// full-text index, tested by readers without blocking. Its release by the kernel when the
/// importing process is killed is tested with a real `scout` process ("Searches during a live
/// import (T11)").
@Suite("Import lock")
struct ImportLockTests {
    static func lock(in directory: URL) throws -> ImportLock {
        try #require(ImportLock(databaseFile: directory.appendingPathComponent("books.sqlite").path))
    }

    @Test func aCatalogWithoutAFileHasNoLock() {
        #expect(ImportLock(databaseFile: ":memory:") == nil)
        #expect(ImportLock(databaseFile: "") == nil)
        #expect(ImportLock(databaseFile: "/" + String(repeating: "a", count: 5000)) == nil)
        #expect(ImportLock(databaseFile: "/data/books.sqlite")?.path == "/data/books.sqlite.import-lock")
    }

    @Test func aMissingLockFileIsFree() throws {
        try withTemporaryDirectory(prefix: "scout-lock") { directory in
            let lock = try Self.lock(in: directory)
            #expect(!lock.isHeld())
            #expect(!FileManager.default.fileExists(atPath: lock.path))  // testing never creates it
        }
    }

    @Test func aHeldLockIsSeenByEveryValueForTheFileUntilReleased() throws {
        try withTemporaryDirectory(prefix: "scout-lock") { directory in
            let lock = try Self.lock(in: directory)
            #expect(lock.acquire())
            #expect(lock.acquire())  // already held: one hold, released once
            #expect(lock.isHeldByThisProcess)
            // Another value for the same file opens it anew, as another store or process would.
            #expect(try Self.lock(in: directory).isHeld())
            lock.release()
            #expect(!lock.isHeld())
            #expect(!lock.isHeldByThisProcess)
            #expect(FileManager.default.fileExists(atPath: lock.path))  // kept for the next import
            lock.release()  // nothing held: nothing happens
            #expect(!lock.isHeld())
        }
    }

    /// Readers open, test and close the file; with a classic POSIX record lock any `close` of
    /// the file by the importing process would drop its lock.
    @Test func testingTheLockNeverDropsIt() throws {
        try withTemporaryDirectory(prefix: "scout-lock") { directory in
            let lock = try Self.lock(in: directory)
            #expect(lock.acquire())
            defer { lock.release() }
            for _ in 0..<5 { #expect(lock.isHeld()) }
        }
    }

    /// A lock file this process may not create (its directory is missing): not held, and
    /// readers then rebuild as for a dead import.
    @Test func aLockThatCannotBeCreatedIsNotHeld() throws {
        try withTemporaryDirectory(prefix: "scout-lock") { directory in
            let lock = try #require(
                ImportLock(databaseFile: directory.appendingPathComponent("missing/books.sqlite").path))
            #expect(!lock.acquire())
            #expect(!lock.isHeld())
            #expect(!lock.isHeldByThisProcess)
        }
    }

    /// A symbolic link where the lock file belongs is never followed, by the importer or by readers.
    @Test func aSymbolicLinkInPlaceOfTheLockFileIsNeverFollowed() throws {
        try withTemporaryDirectory(prefix: "scout-lock") { directory in
            let lock = try Self.lock(in: directory)
            let target = directory.appendingPathComponent("elsewhere")
            try Data("kept".utf8).write(to: target)
            try FileManager.default.createSymbolicLink(atPath: lock.path, withDestinationPath: target.path)
            #expect(!lock.acquire())
            #expect(!lock.isHeld())
            #expect(try Data(contentsOf: target) == Data("kept".utf8))
        }
    }
}

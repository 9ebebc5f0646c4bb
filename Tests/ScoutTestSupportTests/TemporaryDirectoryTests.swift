import Foundation
import ScoutTestSupport
import Testing

@Suite("withTemporaryDirectory", .timeLimit(.minutes(10)))
struct TemporaryDirectoryTests {
    struct Boom: Error {}

    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    @Test("creates a fresh empty directory and removes it with its contents")
    func createsAndRemoves() throws {
        let seen = try withTemporaryDirectory { directory in
            #expect(exists(directory))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
            #expect(directory.path.hasPrefix(FileManager.default.temporaryDirectory.path))
            let nested = directory.appendingPathComponent("a/b", isDirectory: true)
            try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: nested.appendingPathComponent("file.txt"))
            return directory
        }
        #expect(!exists(seen))
    }

    @Test("each call gets its own directory")
    func unique() throws {
        try withTemporaryDirectory { first in
            try withTemporaryDirectory { second in #expect(first != second) }
        }
    }

    @Test("removes the directory when the body throws, also with read-only contents")
    func removesOnThrow() throws {
        var seen: URL?
        #expect(throws: Boom.self) {
            try withTemporaryDirectory { directory in
                seen = directory
                let locked = directory.appendingPathComponent("locked", isDirectory: true)
                try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
                try Data("x".utf8).write(to: locked.appendingPathComponent("file"))
                try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: locked.path)
                throw Boom()
            }
        }
        #expect(!exists(try #require(seen)))
    }

    @Test("async variant removes the directory after awaiting, and when cancelled")
    func asyncVariant() async throws {
        let seen = try await withTemporaryDirectory(prefix: "scout-async") { directory in
            await Task.yield()
            #expect(directory.lastPathComponent.hasPrefix("scout-async-"))
            return directory
        }
        #expect(!exists(seen))

        let task = Task {
            try await withTemporaryDirectory { directory in
                try await untilCancelled()
                return directory
            }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

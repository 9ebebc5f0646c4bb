import BookCatalog
import Foundation
import ScoutTestSupport
import Testing

/// A backup written to a regular file: whole past 2 GiB, where one `write` call stops (a
/// million-book catalog's backup is 2.8 GB), replacing the old file atomically with its mode.
@Suite("Exports written whole", .serialized, .timeLimit(.minutes(5))) struct ExportDestinationTests {
    @Test("A backup past 2 GiB is written byte for byte, not its beginning again after 2 GiB")
    func aBackupPast2GiBIsWrittenWhole() async throws {
        try await withTemporaryDirectory(prefix: "scout-export-large") { directory in
            let file = directory.appendingPathComponent("books.jsonl")
            // Every 8 bytes hold their own offset, so a byte out of place shows where it came from.
            let words = (Int(Int32.max) + 64 << 20) / 8
            var data = Data(count: words * 8)
            data.withUnsafeMutableBytes { bytes in
                let offsets = bytes.bindMemory(to: UInt64.self)
                for index in offsets.indices { offsets[index] = UInt64(index * 8) }
            }
            try ExportDestination.file(file).write(data)
            data = Data()
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            #expect(try handle.seekToEnd() == UInt64(words * 8))
            // Around the most one `write` call takes on Linux (0x7ffff000), where Foundation's
            // atomic write went back to the start, and at both ends.
            for offset in [0, 0x7fff_f000 - 4_096, 0x7fff_f000, words * 8 - 4_096] {
                try handle.seek(toOffset: UInt64(offset))
                let read = try #require(try handle.read(upToCount: 4_096))
                let found = read.withUnsafeBytes { Array($0.bindMemory(to: UInt64.self)) }
                #expect(found == (0..<512).map { UInt64(offset + $0 * 8) }, "at \(offset)")
            }
        }
    }

    @Test("A file replaced keeps its mode, a new one gets 0666 less the umask, and no temporary file is left")
    func replacingKeepsTheModeAndLeavesNoTemporaryFile() async throws {
        try await withTemporaryDirectory(prefix: "scout-export-mode") { directory in
            let file = directory.appendingPathComponent("books.jsonl")
            try ExportDestination.file(file).write(Data("first\n".utf8))
            let mask = umask(0o022)
            umask(mask)
            var status = stat()
            #expect(stat(file.path, &status) == 0 && status.st_mode & 0o7777 == 0o666 & ~mask)
            #expect(chmod(file.path, 0o600) == 0)
            try ExportDestination.file(file).write(Data("second\n".utf8))
            #expect(stat(file.path, &status) == 0 && status.st_mode & 0o7777 == 0o600)
            #expect(try String(contentsOf: file, encoding: .utf8) == "second\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["books.jsonl"])
        }
    }
}

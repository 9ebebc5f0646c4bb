import Foundation
import ScoutTestSupport
import Testing

/// SECURITY.md T10 with real faults: the image loader's disk cache (in `DiskFaultDrill`, a
/// process of its own) while libfiu's `fiu-run` makes its writes, reads, renames and fsyncs fail
/// with EIO or ENOSPC, on a 1 MiB tmpfs that really fills up, shared by two processes writing
/// the same keys, and with entries flipped and truncated on disk. Whatever happens, every image
/// served is byte for byte the upstream's, nothing crashes, the cache stays under its cap, and
/// the loader falls back to memory and comes back to the disk as designed.
@Suite("Disk faults (T10)", .serialized, .timeLimit(.minutes(5)))
struct DiskFaultTests {
    static let fiuRun = "/usr/bin/fiu-run"
    static let fiu = Requirement.executable(fiuRun, "apt-get install fiu-utils (make test does)")

    /// What one drill run printed.
    struct Run {
        let exitCode: Int32
        let loads: [DiskFaultDrillReport.Load]
        let summary: DiskFaultDrillReport.Summary?
        let errors: String
    }

    /// Thumbnails of several sizes on the fake host, and the bytes each must come back as.
    static func images(on host: FakeImageHost, widths: [Int]) async throws -> [URL: (length: Int, hash: String)] {
        var expected: [URL: (length: Int, hash: String)] = [:]
        for (index, width) in widths.enumerated() {
            let path = FakeImageHost.thumbnailPath(name: "Drill_\(index)", width: width)
            let body = try await RawHTTPConnection(port: host.port).get(path).body
            expected[host.url(forPath: path)] = (body.count, DiskFaultDrillReport.fingerprint(body))
        }
        return expected
    }

    /// Three points that never fail, named exactly so that libfiu finds them without its lookup
    /// cache. Without them Debian's libfiu 1.1 can deadlock a drill while its threads start,
    /// whatever fault is injected (two drill runs of 865 in a loop hung before their first load;
    /// gdb showed both sides):
    /// - its wrappers resolve the real function in each thread on that thread's first call, with
    ///   dlsym; a new dispatch thread did so for `strdup` while holding the cache's write lock,
    ///   and waited for the dynamic loader's lock;
    /// - the main thread held that lock: the Swift runtime's first hop to the global executor
    ///   looks up a symbol this libdispatch lacks, and dlsym's error path calls malloc, whose
    ///   point libfiu looked up through the cache, so it waited for the first thread.
    ///
    /// Found exactly, the allocators' points never wait for the cache.
    static let deadlockGuard = ["malloc", "calloc", "realloc"].map {
        "enable_random name=libc/mm/\($0),probability=0"
    }

    /// Runs the drill on `urls`, under `fiu-run` with `faults` (libfiu control commands) when
    /// given.
    static func drill(
        cache: URL, capacity: Int, rounds: Int, urls: [URL], faults: [String] = []
    ) async throws -> Run {
        let drill = ScoutExecutable.builtExecutable(named: "DiskFaultDrill").path
        let arguments =
            ["--cache", cache.path, "--capacity", "\(capacity)", "--rounds", "\(rounds)"]
            + urls.map(\.absoluteString)
        let underFiu = ["-x"] + (faults + Self.deadlockGuard).flatMap { ["-c", $0] } + [drill] + arguments
        let process = try ScoutProcess(
            faults.isEmpty ? arguments : underFiu,
            executable: URL(fileURLWithPath: faults.isEmpty ? drill : fiuRun))
        let result = try await process.waitForExit(timeout: .seconds(120))
        var loads: [DiskFaultDrillReport.Load] = []
        var summary: DiskFaultDrillReport.Summary?
        let prefix = DiskFaultDrillReport.summaryPrefix
        for line in result.standardOutput.split(separator: "\n") {
            if line.hasPrefix(prefix) {
                summary = try JSONDecoder().decode(
                    DiskFaultDrillReport.Summary.self, from: Data(line.dropFirst(prefix.count).utf8))
            } else {
                loads.append(try JSONDecoder().decode(DiskFaultDrillReport.Load.self, from: Data(line.utf8)))
            }
        }
        return Run(exitCode: result.exitCode, loads: loads, summary: summary, errors: result.standardError)
    }

    /// Never a wrong byte, no crash, every load accounted for.
    static func expectSound(_ run: Run, _ expected: [URL: (length: Int, hash: String)], rounds: Int, _ what: String) {
        #expect(run.exitCode == 0, "\(what): exit \(run.exitCode) \(run.errors)")
        #expect(run.summary?.loads == expected.count * rounds, "\(what): \(run.loads.count) loads")
        for load in run.loads {
            guard let length = load.length, let hash = load.hash else { continue }
            let want = expected[URL(string: load.url)!]
            #expect(want?.length == length && want?.hash == hash, "\(what): wrong bytes for \(load.url)")
        }
    }

    /// Bytes of the cache's files.
    static func size(of directory: URL) -> Int {
        let files =
            (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey]))
            ?? []
        return files.reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
    }

    static let widths = [120, 160, 220, 250, 320, 400, 480, 560, 640, 800, 960, 1024]

    @Test(
        "EIO and ENOSPC on writes, reads, renames and fsyncs: right bytes or an error, never wrong ones",
        .enabled(if: fiu.mayRun, Comment(rawValue: fiu.skipReason)),
        arguments: [
            ("write EIO", ["enable_random name=posix/io/rw/write,probability=0.6,failinfo=5"]),
            ("write ENOSPC", ["enable_random name=posix/io/rw/write,probability=0.6,failinfo=28"]),
            // The cache reads its entries with pread(2); failing read(2) instead misses them all
            // and fails only the libraries' own reads.
            ("read EIO", ["enable_random name=posix/io/rw/pread,probability=0.6,failinfo=5"]),
            ("rename EIO", ["enable_random name=posix/io/dir/rename,probability=0.6,failinfo=5"]),
            ("fsync EIO", ["enable_random name=posix/io/sync/fsync,probability=0.6,failinfo=5"]),
        ])
    func injectedFaults(name: String, faults: [String]) async throws {
        try Self.fiu.check()
        try await withFakeImageHost { host in
            let expected = try await Self.images(on: host, widths: Self.widths)
            try await withTemporaryDirectory { directory in
                let cache = directory.appending(path: "images")
                let capacity = 4 * 1_048_576
                let faulty = try await Self.drill(
                    cache: cache, capacity: capacity, rounds: 6, urls: Array(expected.keys), faults: faults)
                Self.expectSound(faulty, expected, rounds: 6, name)
                #expect(Self.size(of: cache) <= capacity)
                if name.hasPrefix("read") {
                    // An entry that cannot be read is dropped and fetched again.
                    #expect((faulty.summary?.corruptEntriesRemoved ?? 0) > 0, "\(name): no read failed")
                } else {
                    #expect((faulty.summary?.diskWriteFailures ?? 0) > 0, "\(name): no write failed")
                }
                // Without faults, the same directory serves from disk again: recovery.
                let healthy = try await Self.drill(
                    cache: cache, capacity: capacity, rounds: 2, urls: Array(expected.keys))
                Self.expectSound(healthy, expected, rounds: 2, "\(name), then healthy")
                #expect(healthy.summary?.failures == 0)
                #expect((healthy.summary?.diskHits ?? 0) > 0, "\(name): the disk was not used again")
            }
        }
    }

    @Test("flipped and truncated entries are found out, deleted and fetched again")
    func damagedEntries() async throws {
        try await withFakeImageHost { host in
            let expected = try await Self.images(on: host, widths: Self.widths)
            try await withTemporaryDirectory { directory in
                let cache = directory.appending(path: "images")
                let urls = Array(expected.keys)
                _ = try await Self.drill(cache: cache, capacity: 4 * 1_048_576, rounds: 1, urls: urls)
                let files = try FileManager.default.contentsOfDirectory(at: cache, includingPropertiesForKeys: nil)
                    .filter { $0.pathExtension == "img" }.sorted { $0.path < $1.path }
                try #require(files.count == urls.count)
                for (index, file) in files.enumerated() {
                    var bytes = try Data(contentsOf: file)
                    if index % 2 == 0 {
                        bytes[bytes.count / 2] ^= 0x40  // one flipped bit in the body
                    } else {
                        bytes = bytes.prefix(bytes.count * 2 / 3)  // cut short
                    }
                    try bytes.write(to: file)
                }
                let run = try await Self.drill(cache: cache, capacity: 4 * 1_048_576, rounds: 2, urls: urls)
                Self.expectSound(run, expected, rounds: 2, "damaged entries")
                #expect(run.summary?.failures == 0)
                #expect(run.summary?.corruptEntriesRemoved == urls.count)
            }
        }
    }

    @Test("two processes writing the same keys into one directory: both serve the right bytes")
    func twoWriters() async throws {
        try await withFakeImageHost { host in
            let expected = try await Self.images(on: host, widths: Self.widths)
            try await withTemporaryDirectory { directory in
                let cache = directory.appending(path: "images")
                let urls = Array(expected.keys)
                async let first = Self.drill(cache: cache, capacity: 4 * 1_048_576, rounds: 8, urls: urls)
                async let second = Self.drill(cache: cache, capacity: 4 * 1_048_576, rounds: 8, urls: urls)
                for (index, run) in try await [first, second].enumerated() {
                    Self.expectSound(run, expected, rounds: 8, "writer \(index + 1)")
                    #expect(run.summary?.failures == 0)
                    #expect(run.summary?.corruptEntriesRemoved == 0)
                }
                #expect(Self.size(of: cache) <= 4 * 1_048_576)
            }
        }
    }

    /// A real full disk: a 1 MiB tmpfs (mounting one needs root; CI runs as root).
    @Test(
        "a 1 MiB tmpfs that fills up: the loader falls back to memory and keeps serving the right bytes",
        .enabled(if: Requirement.root.mayRun, Comment(rawValue: Requirement.root.skipReason)))
    func fullDisk() async throws {
        try Requirement.root.check()
        try await withFakeImageHost { host in
            let expected = try await Self.images(on: host, widths: Self.widths + [1200, 1400, 1600, 2000])
            try await withTemporaryDirectory { directory in
                let mount = directory.appending(path: "tmpfs")
                try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
                let mounted = try await ScoutProcess(
                    ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.path],
                    executable: URL(fileURLWithPath: "/bin/mount")
                ).waitForExit()
                try #require(mounted.exitCode == 0, "mount: \(mounted.standardError)")
                defer { _ = try? ScoutProcess(["-l", mount.path], executable: URL(fileURLWithPath: "/bin/umount")) }
                let total = expected.values.reduce(0) { $0 + $1.length }
                try #require(total > 1_048_576, "the images (\(total) bytes) must not fit the tmpfs")
                let cache = mount.appending(path: "images")
                // The cap is above what the disk holds, so the disk, not the cap, runs out.
                let run = try await Self.drill(
                    cache: cache, capacity: 8 * 1_048_576, rounds: 4, urls: Array(expected.keys))
                Self.expectSound(run, expected, rounds: 4, "1 MiB tmpfs")
                #expect(run.summary?.failures == 0)
                #expect((run.summary?.diskWriteFailures ?? 0) > 0, "the tmpfs never filled")
                #expect((run.summary?.diskFallbacks ?? 0) > 0, "no fallback to memory")
            }
        }
    }
}

import Foundation
import ImageLoading
import Networking
import ScoutTestSupport

// `DiskFaultDrill --cache DIR --capacity BYTES --rounds N URL…`: the image loader with a disk
// cache, as `scout serve` uses it, fetching every URL N times in a random order with
// (almost) no memory cache, so each round reads the disk again. The disk-fault tests run it
// under `fiu-run`, which makes the process's reads, writes, renames and fsyncs fail, and check
// what it printed: one JSON line per load (the URL, and the bytes' length and FNV-1a hash, or
// the error), then the loader's counters. Test-only; `make test` builds it.

/// Writes `text` to standard output whatever the injected faults do: a failed write is tried
/// again (the faults are random, so one goes through).
func emit(_ text: String) {
    var bytes = Array(text.utf8)
    while !bytes.isEmpty {
        let written = write(1, bytes, bytes.count)
        if written > 0 { bytes.removeFirst(written) }
    }
}

func argument(_ name: String, in arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let cache = argument("--cache", in: &arguments),
    let capacity = argument("--capacity", in: &arguments).flatMap(Int.init),
    let rounds = argument("--rounds", in: &arguments).flatMap(Int.init),
    !arguments.isEmpty
else {
    FileHandle.standardError.write(Data("usage: DiskFaultDrill --cache DIR --capacity BYTES --rounds N URL…\n".utf8))
    exit(64)
}
let urls = arguments.compactMap(URL.init(string:))
let unthrottled = HostPolicy(
    maxConcurrent: 8, requestsPerSecond: 100_000, burst: 100_000, maxAttempts: 1, breakerThreshold: 1_000_000)
var configuration = ImageLoader.Configuration(
    userAgent: "Scout/drill (test@example.org)", memoryCapacity: 1, diskDirectory: URL(fileURLWithPath: cache),
    diskCapacity: capacity, hostPolicies: ["127.0.0.1": unthrottled])
// Try the disk again soon after it failed, so one run sees fallback and recovery.
configuration.diskRetryInterval = .milliseconds(20)
configuration.log = { _ in }
let loader = ImageLoader(configuration: configuration, policy: ImageFetchPolicy { $0.host == "127.0.0.1" })

var generator = SystemRandomNumberGenerator()
var failures = 0
var loads = 0
for _ in 0..<rounds {
    for url in urls.shuffled(using: &generator) {
        loads += 1
        do {
            let image = try await loader.image(for: url)
            let line = DiskFaultDrillReport.Load(
                url: url.absoluteString, length: image.data.count,
                hash: DiskFaultDrillReport.fingerprint(image.data), error: nil)
            emit(String(decoding: try JSONEncoder().encode(line), as: UTF8.self) + "\n")
        } catch {
            failures += 1
            let line = DiskFaultDrillReport.Load(url: url.absoluteString, length: nil, hash: nil, error: "\(error)")
            emit(String(decoding: try JSONEncoder().encode(line), as: UTF8.self) + "\n")
        }
    }
}
let counters = loader.counters
let summary = DiskFaultDrillReport.Summary(
    loads: loads, failures: failures, diskHits: counters.diskHits, diskWriteFailures: counters.diskWriteFailures,
    diskFallbacks: counters.diskFallbacks, corruptEntriesRemoved: counters.corruptEntriesRemoved,
    downloads: counters.downloads, isMemoryOnly: counters.isMemoryOnly)
emit(DiskFaultDrillReport.summaryPrefix + String(decoding: try JSONEncoder().encode(summary), as: UTF8.self) + "\n")

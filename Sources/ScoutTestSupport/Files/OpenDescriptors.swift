import Foundation

/// This process's open descriptors on files under `directory`, as the paths they name: for
/// tests that check nothing is left open.
///
/// ```swift
/// #expect(openDescriptors(under: directory).isEmpty)
/// ```
public func openDescriptors(under directory: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    let prefix = directory.resolvingSymlinksInPath().path
    return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) }
        .filter { $0.hasPrefix(prefix) }
}

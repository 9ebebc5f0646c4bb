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

/// This process's memory mappings of files under `directory`, as the paths they name (with
/// " (deleted)" after a removed file's): for tests that check no mapping is left behind.
///
/// ```swift
/// #expect(mappedFiles(under: directory).isEmpty)
/// ```
public func mappedFiles(under directory: URL) -> [String] {
    // Read to the end: /proc files report a size of 0, which whole-file readers trust.
    guard let data = try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd(),
        let maps = String(data: data, encoding: .utf8)
    else { return [] }
    let prefix = directory.resolvingSymlinksInPath().path
    // Each line: address, permissions, offset, device, inode, then the path (which may hold spaces).
    return maps.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count == 6 else { return nil }
        let path = fields[5].trimmingCharacters(in: .whitespaces)
        return path.hasPrefix(prefix) ? path : nil
    }
}

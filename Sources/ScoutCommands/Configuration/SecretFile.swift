import Foundation

/// A password kept in a file (`--database-password-file`, `--redis-password-file`), so that it
/// shows neither in `ps` nor in the environment of child processes: read only when no other
/// user can read it (mode 0600 or stricter), its last line break dropped.
///
/// ```swift
/// let password = try SecretFile.read("/etc/scout/db-password", option: "--database-password-file")
/// ```
enum SecretFile {
    /// The password in the file at `path`. Throws a ``UsageError`` naming `option` when the file
    /// cannot be read, is empty, or group or other users may read or write it.
    static func read(_ path: String, option: String) throws(UsageError) -> String {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw UsageError("\(option): cannot read \(path); check the path")
        }
        guard status.st_mode & 0o077 == 0 else {
            let mode = String(status.st_mode & 0o777, radix: 8)
            throw UsageError(
                "\(option): other users can read \(path) (mode \(mode)); run 'chmod 600 \(path)' so only you can")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("\(option): cannot read \(path); check its permissions")
        }
        var text = String(decoding: data, as: UTF8.self)
        while text.last?.isNewline == true { text.removeLast() }
        guard !text.isEmpty else { throw UsageError("\(option): \(path) is empty; write the password in it") }
        return text
    }
}

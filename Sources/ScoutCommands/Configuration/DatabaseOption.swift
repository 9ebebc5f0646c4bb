import BookStorage
import Foundation
import Redaction

/// The catalog a command uses: `--database` (else `SCOUT_DATABASE`, else the default path) with
/// its password from `--database-password-file`, else `SCOUT_DATABASE_PASSWORD` (libpq reads
/// `PGPASSWORD` and `~/.pgpass` itself), parsed once for every command that takes it.
///
/// ```swift
/// var scanner = ArgumentScanner(["--database", "postgres://scout@db/books"])
/// let database = try DatabaseOption(scanning: &scanner, configuration: configuration)
/// database.location   // .postgres(postgres://scout@db/books)
/// ```
struct DatabaseOption: Equatable, Sendable {
    /// Where the catalog is.
    let location: CatalogLocation
    /// Whether it is the default location (no `--database`, no `SCOUT_DATABASE`): the one place
    /// `serve` creates folders for, as on a first run.
    let isDefault: Bool
    /// What to tell the user before running, such as a password given where `ps` shows it.
    let warnings: [String]

    /// Reads `--database` and `--database-password-file` from `scanner`.
    init(scanning scanner: inout ArgumentScanner, configuration: ScoutConfiguration) throws(UsageError) {
        let explicit = try scanner.value(for: "--database").flatMap { $0.isEmpty ? nil : $0 }
        let passwordFile = try scanner.value(for: "--database-password-file")
        let password = try passwordFile.map { path throws(UsageError) in
            try SecretFile.read(path, option: "--database-password-file")
        }
        do {
            location = try CatalogLocation(
                configuration.database(explicit: explicit), password: password ?? configuration.databasePassword)
        } catch {
            // A usage error's sentence ends where 'See scout help …' follows.
            throw UsageError(String(error.description.dropLast(error.description.hasSuffix(".") ? 1 : 0)))
        }
        isDefault = explicit == nil && configuration.isDefaultDatabase
        warnings = explicit.map { Self.warnings(option: "--database", value: $0) } ?? []
    }

    /// The warning for a password written on the command line, which every user of the machine
    /// sees in `ps` (and the shell keeps in its history).
    static func warnings(option: String, value: String) -> [String] {
        guard URLRedaction.hasSecret(value) else { return [] }
        let instead =
            option == "--redis"
            ? "--redis-password-file or SCOUT_REDIS_PASSWORD"
            : "--database-password-file, SCOUT_DATABASE_PASSWORD or PGPASSWORD"
        return [
            "scout: warning: the password in \(option) is shown by 'ps' to every user of this machine; "
                + "give it with \(instead) instead."
        ]
    }
}

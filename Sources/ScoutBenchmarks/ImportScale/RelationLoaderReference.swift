import Foundation

/// import-scale's reference for the relations (issue #37): the issue weighs Scout's relation
/// rebuild against tantivy's indexing, which neither computes nor writes a relation. So beside
/// that goal each store's own bulk loader writes the very rows Scout built into Scout's own
/// schema, in the same run, keyed and indexed as Scout leaves them: the `sqlite3` shell's
/// `.import` (the secondary index dropped first and built once at the end), and `psql`'s `\copy`
/// into a table with no key, then the key, the index and both foreign keys built at once (as
/// Scout's own swap does). Neither computes a relation: the reference is the cost of storing
/// them, a floor under Scout's work.
enum RelationLoaderReference {
    /// The proposed goal's factor: Scout's rebuild within 2× the loader's writing of the same
    /// rows, that is, computing them may take as long as storing them.
    static let proposedFactor = 2.0

    /// Writes the relations of Scout's catalog `name` of `kind` to `file` as CSV in key order
    /// (untimed: a reference's input, as the JSON lines are the books loader's).
    static func export(of kind: BenchStore, name: String, in directory: URL, to file: URL) throws {
        let select = "SELECT from_id, to_id, kind, score, reason FROM relations ORDER BY from_id, to_id, kind"
        let location = kind.location(in: directory, name: name)
        if kind.name == "PostgreSQL" {
            try Command.run(
                "psql",
                [
                    "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", location, "-c",
                    "\\copy (\(select)) TO \(BulkLoaderReference.literal(file.path)) WITH (FORMAT csv)",
                ])
        } else {
            try Command.run("sqlite3", ["-bail", location, ".mode csv", ".output \(file.path)", select])
        }
    }

    /// Times `kind`'s loader writing `file`'s `count` relations into the catalog `name` (the
    /// books loader's, whose books they join); fails unless it stored `count`.
    static func measure(
        kind: BenchStore, name: String, file: URL, count: Int, in directory: URL, clock: ContinuousClock
    ) throws -> BulkLoaderReference {
        let location = kind.location(in: directory, name: name)
        let check = { (output: String) in Self.countProblem(output, count: count) }
        if kind.name == "PostgreSQL" {
            let script = directory.appending(path: "psql-relations.sql")
            try Data(postgresScript(csv: file.path).utf8).write(to: script)
            return try BulkLoaderReference.measure(
                name: PostgresCopyLoad.name, store: kind.name, loader: "psql",
                arguments: ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", location, "-f", script.path],
                clock: clock, check: check)
        }
        let script = directory.appending(path: "sqlite3-relations.sql")
        try Data(sqliteScript(csv: file.path).utf8).write(to: script)
        return try BulkLoaderReference.measure(
            name: SQLiteShellLoad.name, store: kind.name, loader: "sqlite3",
            arguments: ["-bail", location, ".read \(script.path)"], clock: clock, check: check)
    }

    /// The shell's script: the rows imported in key order into `relations` (a table keyed by
    /// them, without a row id) with `relations_to` dropped, then built once; then the count.
    static func sqliteScript(csv: String) -> String {
        """
        .timeout 60000
        BEGIN;
        DROP INDEX relations_to;
        .import --csv \(BulkLoaderReference.literal(csv)) relations
        CREATE INDEX relations_to ON relations (to_id);
        COMMIT;
        SELECT count(*) FROM relations;

        """
    }

    /// `psql`'s script: the rows copied into a bare table like `relations`, which then gets the
    /// key, the index and the foreign keys Scout's has and takes its place; then the count.
    static func postgresScript(csv: String) -> String {
        """
        BEGIN;
        CREATE TABLE relations_loaded (LIKE relations);
        \\copy relations_loaded FROM \(BulkLoaderReference.literal(csv)) WITH (FORMAT csv)
        ALTER TABLE relations_loaded ADD PRIMARY KEY (from_id, to_id, kind);
        CREATE INDEX relations_loaded_to ON relations_loaded (to_id);
        ALTER TABLE relations_loaded
            ADD FOREIGN KEY (from_id) REFERENCES books (id) ON DELETE CASCADE,
            ADD FOREIGN KEY (to_id) REFERENCES books (id) ON DELETE CASCADE;
        DROP TABLE relations;
        ALTER TABLE relations_loaded RENAME TO relations;
        COMMIT;
        SELECT count(*) FROM relations;

        """
    }

    /// A sentence unless the loader's last printed number is `count`.
    static func countProblem(_ output: String, count: Int) -> String? {
        guard let stored = BulkLoaderReference.printedNumbers(output).last else {
            return "it did not print the relations stored"
        }
        return stored == count ? nil : "it stored \(stored) relations of \(count)"
    }
}

import ContactsPostgres
import ContactsStore

/// `contacts store copy FROM TO` and `contacts store check STORE`: moving a store between
/// SQLite and PostgreSQL, and reading what one holds.
enum StoreCommand: Command {
    static let name = "store"
    static let summary = "copy a store between SQLite and PostgreSQL, or check one"
    static let usage = """
        usage: contacts store copy FROM TO [--quiet]
               contacts store check STORE

        A store is the path of an SQLite file or a PostgreSQL URI
        (postgresql://user@host:port/db?..., libpq's syntax; PG* variables honoured).

          copy FROM TO   copies every user, follow, contact, event, budget use and recent
                         search of FROM into TO, with FROM's change position, in one
                         transaction of TO (SQLite to PostgreSQL, back, or either to its own
                         kind). TO is created when missing and must be empty; no engine may
                         have either open. Progress on stderr; the counts are checked after.
          check STORE    prints the store's kind, schema version, position and the rows of
                         each table, without changing it; exits 1 when this build cannot
                         open it (a newer schema, another application's).

          --quiet        no progress or summary on stderr (copy)
        """
    static let flags: Set<String> = ["quiet"]
    static let options: Set<String> = []

    static func run(_ arguments: Arguments) throws {
        let all = arguments.positionalList()
        guard let action = all.first else { throw CommandLineError("missing the action: copy or check") }
        switch action {
        case "copy":
            guard all.count == 3 else {
                throw CommandLineError(all.count < 3 ? "copy needs FROM and TO" : "unexpected argument '\(all[3])'")
            }
            try copy(from: StoreLocation(all[1]), to: StoreLocation(all[2]), quiet: arguments.flag("quiet"))
        case "check":
            guard all.count == 2 else {
                throw CommandLineError(all.count < 2 ? "check needs STORE" : "unexpected argument '\(all[2])'")
            }
            try check(StoreLocation(all[1]))
        default:
            throw CommandLineError("unknown action '\(action)' (copy or check)")
        }
    }

    private static func copy(from source: StoreLocation, to target: StoreLocation, quiet: Bool) throws {
        let progress = ProgressReporter("copy", quiet: quiet)
        let summary: StoreCopy.Summary
        do {
            summary = try StoreCopy.copy(from: source, to: target) { done, total in
                progress.update(done: done, total: total)
            }
        } catch {
            progress.finish()
            throw CommandLineError("\(error)")
        }
        progress.finish()
        if !quiet {
            let rows = summary.rows.map { "\($0.rows) \($0.name)" }.joined(separator: ", ")
            StandardStreams.writeError("copy: \(source) → \(target): \(rows), position \(summary.target.position)\n")
        }
    }

    private static func check(_ location: StoreLocation) throws {
        let inspection: StoreInspection
        do {
            inspection = try location.inspect()
        } catch {
            throw CommandLineError("\(error)")
        }
        var lines = [
            "store: \(inspection.location)", "kind: \(inspection.kind)",
            "schema version: \(inspection.schemaVersion) (this build: \(inspection.supportedVersion))",
        ]
        if inspection.schemaVersion == 0 {
            lines.append("state: empty (no ContactsCore tables yet; created on first use)")
        } else if inspection.schemaVersion > inspection.supportedVersion {
            StandardStreams.write(lines.joined(separator: "\n") + "\n")
            throw CommandLineError(
                "store \(inspection.location): schema version \(inspection.schemaVersion) is newer than this build "
                    + "supports (\(inspection.supportedVersion)); use a newer ContactsCore")
        } else if inspection.schemaVersion < inspection.supportedVersion {
            lines.append("state: older schema (migrated forward on next open)")
        }
        lines.append("position: \(inspection.position)")
        for table in inspection.tables { lines.append("rows \(table.name): \(table.rows)") }
        StandardStreams.write(lines.joined(separator: "\n") + "\n")
    }
}

import ContactsCore
import ContactsModel
import ContactsSearch
import ContactsSupport

/// `contacts search FILE QUERY`: PROTOCOL §2 search over a fixture, a vCard file or a saved
/// index, with per-query timings.
enum SearchCommand: Command {
    static let name = "search"
    static let summary = "search contacts (JSON Lines, vCard or a saved index) by PROTOCOL §2"
    static let usage = """
        usage: contacts search FILE QUERY [--field F] [--limit N|all] [--json] [--quiet]
               contacts search FILE --queries QFILE [--field F] [--limit N|all] [--json] [--quiet]

        Searches the contacts of FILE: every term of the query must match; results are ranked
        (display name starts with the query, then every term starts a word of it, then the
        rest; within each, by folded display name, then id). FILE is recognised by its content:
        a saved index (written by `contacts index`, reopened without rebuilding), a vCard file
        (read as `contacts import` reads it), or contact JSON Lines (PROTOCOL §1). When an id
        repeats, the later contact counts.

          QUERY            the query, at most 256 characters; "" matches every contact
          --queries QFILE  one query a line instead of QUERY (UTF-8; blank lines skipped)
          --field F        the fields searched: any (default), name, email, phone, notes
          --limit N|all    the ids shown per query, best first (default 20; 0 = only totals;
                           all = every match)
          --json           one JSON line per query, {"query":q,"total":n,"ids":[..],"micros":t},
                           then {"summary":{"queries":n,"p50":t,"p95":t,"p99":t,"buildMillis":ms}}
          --quiet          no progress or warnings on stderr

        Without --json: per query a line with its total, then "rank  id  displayName" lines,
        each with the fields its match was found in, "(name)", "(email ana@acme.es)",
        "(organization Acme; phone +1 415 555 0100)", and a summary line at the end. micros is
        the time of the search alone (the ranked ids of the page read out), the index already
        built; p50, p95 and p99 are nearest-rank percentiles of it over the queries;
        buildMillis is the time to read FILE and build (or reopen) the index. Building the
        index of a large file takes seconds each run: `contacts index` saves it.
        """
    static let flags: Set<String> = ["json", "quiet"]
    static let options: Set<String> = ["field", "limit", "queries"]

    /// The ids shown per query without `--limit`.
    static let defaultLimit = 20

    static func run(_ arguments: Arguments) throws {
        let field = try searchField(arguments.option("field") ?? SearchField.any.rawValue)
        let limit = try self.limit(arguments.option("limit"))
        let path: String
        let queries: [String]
        if let queryFile = arguments.option("queries") {
            if (try? arguments.positionals("FILE", "QUERY")) != nil {
                throw CommandLineError("give QUERY or --queries QFILE, not both")
            }
            path = try arguments.positionals("FILE")[0]
            queries = try QueryList.lines(ofFileAt: queryFile)
        } else {
            let positionals = try arguments.positionals("FILE", "QUERY (or --queries QFILE)")
            path = positionals[0]
            queries = try QueryList.single(positionals[1])
        }
        let kind = try SearchInput.kind(of: path)

        let started = WallClock.monotonicNanoseconds()
        let quiet = arguments.flag("quiet")
        let index = try SearchInput.index(of: path, kind: kind, command: name, quiet: quiet)
        let buildNanoseconds = WallClock.monotonicNanoseconds() - started
        let buildMillis = Int(buildNanoseconds / 1_000_000)
        if !quiet, let hint = savingHint(path: path, kind: kind, buildNanoseconds: buildNanoseconds) {
            StandardStreams.writeError(hint + "\n")
        }

        let json = arguments.flag("json")
        var report = SearchReport(json: json)
        let shown = min(limit ?? index.count, index.count)
        for query in queries {
            let before = WallClock.monotonicNanoseconds()
            let hits = index.hits(query, field: field, skip: 0, limit: shown)
            let ids = index.ids(of: hits)
            let micros = Int((WallClock.monotonicNanoseconds() - before) / 1000)
            let results =
                json
                ? [] : index.contacts(of: hits).map { ($0, MatchedField.fields(of: $0, query: query, field: field)) }
            try report.add(query: query, total: hits.total, ids: ids, results: results, micros: micros)
        }
        try report.finish(buildMillis: buildMillis)
    }

    /// The line that tells, once a run, that a slow build can be saved: for contacts (not a
    /// saved index) whose index took ``ProgressReporter/quietPeriodNanoseconds`` or more.
    static func savingHint(path: String, kind: SearchInput.Kind, buildNanoseconds: UInt64) -> String? {
        guard kind != .savedIndex, buildNanoseconds >= ProgressReporter.quietPeriodNanoseconds else { return nil }
        let seconds = Double(buildNanoseconds / 100_000_000) / 10
        return "\(name): the index of \(path) took \(seconds) s to build, and is built again on every run; "
            + "`contacts index \(path) --out INDEX` saves it, and `contacts search INDEX QUERY` reopens it at once"
    }

    /// The field named `text`.
    static func searchField(_ text: String) throws -> SearchField {
        guard let field = SearchField(rawValue: text) else {
            let names = SearchField.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandLineError("--field must be one of \(names), not '\(text)'")
        }
        return field
    }

    /// The `--limit` value: nil for `all`, else a count (``defaultLimit`` when absent).
    static func limit(_ text: String?) throws -> Int? {
        guard let text else { return defaultLimit }
        if text == "all" { return nil }
        guard let limit = Int(text), limit >= 0 else {
            throw CommandLineError("--limit must be a non-negative integer or 'all', not '\(text)'")
        }
        return limit
    }
}

import ContactsCore
import ContactsFixtures
import ContactsModel
import Foundation

/// A fresh, empty directory under the system's temporary directory.
func makeFixtureTestDirectory() -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

/// Removes a directory made by ``makeFixtureTestDirectory()``.
func removeFixtureTestDirectory(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// The bytes of a file, empty when it cannot be read.
func fileBytes(_ path: String) -> [UInt8] {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
}

/// The lines of a file as UTF-8 byte arrays, without their newlines.
func fileLines(_ path: String) -> [[UInt8]] {
    fileBytes(path).split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
}

/// One generated fixture, read back (records and raw lines); its directory is removed.
struct GeneratedFixture: Sendable {
    let options: FixtureGenerator.Options
    let summary: FixtureGenerator.Summary
    let users: [FixtureUser]
    let contacts: [Contact]
    let follows: [FollowRecord]
    let events: [EventRecord]
    /// The raw lines of each file, by file name.
    let lines: [String: [[UInt8]]]
    /// Every progress report, in order.
    let progress: [ProgressReport]

    struct ProgressReport: Hashable, Sendable {
        let done: Int
        let total: Int
    }

    static func generate(_ options: FixtureGenerator.Options) throws(FixtureError) -> GeneratedFixture {
        let directory = makeFixtureTestDirectory()
        var reports: [ProgressReport] = []
        let summary = try FixtureGenerator(options: options).generate(into: directory) { done, total in
            reports.append(ProgressReport(done: done, total: total))
        }
        defer { removeFixtureTestDirectory(directory) }
        var lines: [String: [[UInt8]]] = [:]
        for name in ["users.jsonl", "contacts.jsonl", "follows.jsonl", "events.jsonl"] {
            lines[name] = fileLines(directory + "/" + name)
        }
        return GeneratedFixture(
            options: options, summary: summary,
            users: try FixtureReader<FixtureUser>.readAll(path: directory + "/users.jsonl"),
            contacts: try FixtureReader<Contact>.readAll(path: directory + "/contacts.jsonl"),
            follows: try FixtureReader<FollowRecord>.readAll(path: directory + "/follows.jsonl"),
            events: try FixtureReader<EventRecord>.readAll(path: directory + "/events.jsonl"),
            lines: lines, progress: reports)
    }

    /// 5,000 contacts, the default 500 users, seed 11; generated once per test run.
    static let small = Result { () throws(FixtureError) in
        try generate(FixtureGenerator.Options(contacts: 5_000, seed: 11))
    }
}

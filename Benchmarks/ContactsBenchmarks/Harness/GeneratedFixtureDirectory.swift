import ContactsCore
import ContactsFixtures
import Foundation

/// A `contacts generate` fixture written into a fresh temporary directory, for a benchmark to
/// read its files; the directory is removed when the last reference goes away, so a reader
/// keeps it alive to the end of its scope:
///
/// ```swift
/// let fixture = try GeneratedFixtureDirectory(contacts: 1_000, seed: 1)
/// defer { withExtendedLifetime(fixture) {} }
/// ```
final class GeneratedFixtureDirectory {
    /// The directory holding `contacts.jsonl`, `users.jsonl`, `follows.jsonl`, `events.jsonl`.
    let path: String

    /// Generates `contacts` contacts (and `users` users, by default the generator's share)
    /// with `seed`.
    init(contacts: Int, users: Int? = nil, seed: UInt64) throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("contacts-benchmark-fixture-\(UUID().uuidString)").path
        _ = try FixtureGenerator(options: .init(contacts: contacts, users: users, seed: seed)).generate(into: path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of the fixture file `name` (`contacts.jsonl`, …).
    func file(_ name: String) -> String {
        path + "/" + name
    }
}

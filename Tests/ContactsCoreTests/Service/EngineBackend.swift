import ContactsCore
import ContactsStore
import Testing

/// Where an engine keeps its state in a test: in memory, in an SQLite file, or in a
/// PostgreSQL schema (`@Test(arguments: EngineBackend.allCases, …)`), so that the engine's
/// randomized model tests hold for every store, with the same answers.
enum EngineBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// The durable backends only.
    static let durable: [EngineBackend] = [.sqlite, .postgres]
}

/// The store of one test's engines, removed when released; ``engine(_:)`` opens an engine on
/// it (again after a restart), or a fresh in-memory engine for ``EngineBackend/memory``.
final class EngineStore {
    let backend: EngineBackend
    private let fresh: FreshStore?

    init(_ backend: EngineBackend) throws {
        self.backend = backend
        switch backend {
        case .memory: fresh = nil
        case .sqlite: fresh = try FreshStore(.sqlite)
        case .postgres: fresh = try FreshStore(.postgres)
        }
    }

    /// Whether engines on it keep their state across a restart.
    var isDurable: Bool { fresh != nil }

    /// The `--store` text of the store (nil in memory).
    var location: String? { fresh?.location }

    /// An engine on the store (SQLite with `synchronous=NORMAL`, as `serve` runs it).
    func engine(_ configuration: EngineConfiguration = EngineConfiguration()) throws -> ContactsEngine {
        guard let location = fresh?.location else { return try ContactsEngine(configuration: configuration) }
        return try ContactsEngine(
            configuration: configuration, storeLocation: location, storeOptions: StoreOptions(durability: .normal))
    }
}

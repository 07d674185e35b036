import ContactsSearch
import ContactsSupport

/// A search index built on its first use: an address book's ``SearchTables`` is only
/// needed once its owner searches or fetches contacts, while uploads and restarts are the hot
/// paths, so neither waits for it.
///
/// A reference shared by the copies of its ``AddressBook``, guarded by its own lock: readers
/// of the engine (under the engine's shared lock) may build it concurrently, and the first one
/// builds while the others wait for that build. Writers hold the engine's exclusive lock and
/// either ``take()`` the index to change it in place (when the book's value is the only one
/// holding this cache) or start a new cache.
final class LazySearchIndex: Sendable {
    private let built: ReadWriteLocked<SearchTables?>

    /// A cache holding `index`, or nothing yet.
    init(_ index: SearchTables? = nil) {
        built = ReadWriteLocked(index)
    }

    /// The index, built with `build` when this is the first use.
    ///
    /// - Complexity: O(1) once built; the first call costs one `build`.
    func index(buildingWith build: () -> SearchTables) -> SearchTables {
        if let index = built.read({ $0 }) { return index }
        return built.write { index in
            if let index { return index }
            let fresh = build()
            index = fresh
            return fresh
        }
    }

    /// The index if it was built, leaving the cache empty (so a caller holding the only
    /// reference to the cache can change the index without copying it).
    func take() -> SearchTables? {
        built.write { index in
            defer { index = nil }
            return index
        }
    }

    /// The index if it was built.
    var builtIndex: SearchTables? { built.read { $0 } }
}

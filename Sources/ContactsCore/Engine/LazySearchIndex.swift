import ContactsSearch
import ContactsSupport
import Synchronization

/// A search index built on its first use: an address book's ``SearchTables`` is only
/// needed once its owner searches or fetches contacts, while uploads and restarts are the hot
/// paths, so neither waits for it.
///
/// A reference shared by the copies of its ``AddressBook``: a cache belongs to one version of
/// the book's contacts (a book that changes them starts a new cache, or takes the index out of
/// a cache only it holds), so an index built from any copy of that version fits it. Builds are
/// one at a time per cache, under a lock of their own: the first caller builds while later
/// ones wait for that build, and ``builtIndex`` and ``take()`` (the engine's writers) never
/// wait for a build.
final class LazySearchIndex: Sendable {
    private let built: ReadWriteLocked<SearchTables?>
    /// Held for the length of a build.
    private let building = Mutex(())

    /// A cache holding `index`, or nothing yet.
    init(_ index: SearchTables? = nil) {
        built = ReadWriteLocked(index)
    }

    /// The index, built with `build` when this is the first use.
    ///
    /// - Complexity: O(1) once built; the first call costs one `build`.
    func index(buildingWith build: () -> SearchTables) -> SearchTables {
        if let index = builtIndex { return index }
        return building.withLock { _ in
            if let index = builtIndex { return index }
            let fresh = build()
            built.write { $0 = fresh }
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

import ContactsModel
import ContactsSearch
import ContactsStore
import ContactsSupport

/// Contact and user search (PROTOCOL §2, §5): the acting user's own contacts, the directory
/// of registered users, and recent-search suggestions.
extension ContactsEngine {
    /// The longest query or prefix, in code points.
    public static let maximumQueryLength = 256
    /// Recent searches kept per user.
    public static let recentSearchLimit = 50

    /// The acting user's uploaded contacts matching `query` in `field`, ranked by §2, one page.
    /// A query with at least one term is recorded in the user's recent searches (trimmed,
    /// inner whitespace collapsed; a repeat moves to the front) without waiting on the disk.
    public func searchContacts(as userId: String, query: String, field: SearchField, skip: Int, limit: Int)
        throws(ContactsError) -> Page<Contact>
    {
        let parsed = SearchQuery(query)
        buildBookIndex(of: userId)
        let page = try state.read { (state: EngineState) throws(ContactsError) in
            let me = try state.registeredUser(userId)
            let page = state.books[me]?.search(query, field: field, skip: skip, limit: limit)
            // Recorded under the read lock, so no deleteUser can come between the search and
            // its record (the record itself never waits on the disk).
            if !parsed.isEmpty { recordSearch(parsed.normalized, of: me, userId: userId) }
            return page ?? SearchPage(total: 0, contacts: [])
        }
        return Page(items: page.contacts, total: page.total, skip: skip, limit: limit)
    }

    /// The acting user's uploaded contacts with at least one entry of `fieldType` (all for
    /// `any`), by fold(displayName) bytes then id.
    public func fetchContacts(as userId: String, fieldType: FetchFieldType, skip: Int, limit: Int)
        throws(ContactsError) -> Page<Contact>
    {
        buildBookIndex(of: userId)
        return try state.read { (state: EngineState) throws(ContactsError) in
            let me = try state.registeredUser(userId)
            let page =
                state.books[me]?.fetch(fieldType, skip: skip, limit: limit) ?? SearchPage(total: 0, contacts: [])
            return Page(items: page.contacts, total: page.total, skip: skip, limit: limit)
        }
    }

    /// Registered users whose display name matches `query` (§2 with field `name`; never by
    /// phone), never the acting user, with whether the acting user follows each.
    public func searchUsers(as userId: String, query: String, skip: Int, limit: Int) throws(ContactsError)
        -> Page<UserHit>
    {
        try state.read { (state: EngineState) throws(ContactsError) in
            let me = try state.registeredUser(userId)
            let page = state.directory.search(query, field: .name, excluding: userId, skip: skip, limit: limit)
            let hits = page.contacts.map { contact in
                UserHit(
                    userId: contact.id, displayName: contact.displayName,
                    isFollowing: state.index(of: contact.id).map { state.followStatus(me, $0).isFollowing } ?? false)
            }
            return Page(items: hits, total: page.total, skip: skip, limit: limit)
        }
    }

    /// The acting user's recent distinct queries whose fold starts with `fold(prefix)`
    /// (`prefix` taken literally), most recent first, at most `limit`.
    public func searchSuggestions(as userId: String, prefix: String, limit: Int) throws(ContactsError) -> [String] {
        let me = try state.read { (state: EngineState) throws(ContactsError) in try state.registeredUser(userId) }
        let folded = Array(SearchFolding.fold(prefix).utf8)
        let recent = recentSearches.read { $0[me] }
        return Array(recent.lazy.filter { Array(SearchFolding.fold($0).utf8).starts(with: folded) }.prefix(limit))
    }

    /// How many times ``buildBookIndex(of:)`` builds a book's index from a copy before leaving
    /// it to the search (under the shared lock, as a last resort): each try is undone only by a
    /// change of the book's contacts landing during the build.
    private static let bookIndexAttempts = 3

    /// Builds the search index of `userId`'s book, when it is not built yet, from a copy of the
    /// book taken under the shared lock and built outside it, so that no writer waits for the
    /// build; the copy's cache is the book's own unless the book changed meanwhile, in which
    /// case the build is tried again on a copy of the changed book.
    private func buildBookIndex(of userId: String) {
        for _ in 0..<Self.bookIndexAttempts {
            let book = state.read { state in state.index(of: userId).flatMap { state.books[$0] } }
            guard let book, !book.isSearchIndexBuilt else { return }
            book.buildSearchIndex { configuration.backgroundBuildHook?(.buildingBookIndex) }
        }
    }

    private func recordSearch(_ query: String, of me: UInt32, userId: String) {
        let shared = store is any SharedStore
        // Under the lock, so that the lists learn the searches in the order the store does.
        recentSearches.write { lists in
            let sequence = store?.recordSearch(userId: userId, query: query)
            lists.record(query, of: me, awaitingStoreAt: shared ? sequence : nil)
        }
    }
}

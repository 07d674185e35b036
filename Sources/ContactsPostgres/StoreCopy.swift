import ContactsModel
import ContactsStore

/// `contacts store copy FROM TO`: every row of one store into another, empty one, of
/// either kind (PROTOCOL §8), in one transaction of the target, with the source's position.
package enum StoreCopy {
    /// What a copy did.
    package struct Summary: Sendable, Equatable {
        /// The rows copied of each table (recent searches counted one per query).
        package var rows: [StoreInspection.Table]
        /// The target's inspection after the copy.
        package var target: StoreInspection
    }

    /// The tables both backends have, in load order: what a copy compares.
    static let comparedTables = ["users", "follows", "contacts", "events", "recent_searches", "upload_budget"]

    /// Copies `source` into `target` (created when missing; it must be empty), calling
    /// `progress(done, total)` every few thousand rows (`total` from the source's counts
    /// before the copy). Both stores are opened (and so locked against engines) for the copy
    /// and closed after it; the target's counts and position are then checked against what
    /// was read.
    ///
    /// - Throws: a ``StoreError`` of either store (nothing is kept in the target then), or
    ///   ``StoreError/failed(path:code:detail:)`` when the target's counts do not match.
    package static func copy(
        from source: StoreLocation, to target: StoreLocation, options: StoreOptions = StoreOptions(),
        progress: @escaping (Int, Int) -> Void = { _, _ in }
    ) throws -> Summary {
        guard source != target else {
            throw StoreError.invalidArgument(
                path: target.description, detail: "the source and the target are one store")
        }
        let total = try source.inspect().tables.reduce(0) { $0 + $1.rows }
        let sourceStore = try source.open(options: options)
        defer { try? sourceStore.close() }
        let targetStore = try target.open(options: options)
        var counted = RowCounts()
        var position: Int64 = 0
        do {
            switch targetStore {
            case let sqlite as SQLiteStore:
                try sqlite.importRows { importer in
                    var counting = CountingLoader(inner: importer, total: total, progress: progress)
                    defer { (importer, counted) = (counting.inner, counting.counts) }
                    position = try sourceStore.load(into: &counting)
                    return position
                }
            case let postgres as PostgresStore:
                try postgres.importRows { importer in
                    var counting = CountingLoader(inner: importer, total: total, progress: progress)
                    defer { (importer, counted) = (counting.inner, counting.counts) }
                    position = try sourceStore.load(into: &counting)
                    return position
                }
            default:
                throw StoreError.invalidArgument(path: target.description, detail: "this store cannot be copied into")
            }
            try targetStore.close()
        } catch {
            try? targetStore.close()
            throw error
        }
        let after = try target.inspect()
        let rows = zip(comparedTables, counted.all).map { StoreInspection.Table(name: $0, rows: $1) }
        for table in rows where after.rows(of: table.name) != table.rows {
            throw StoreError.failed(
                path: target.description, code: 0,
                detail: "after the copy \(table.name) holds \(after.rows(of: table.name)) rows; \(table.rows) were read"
            )
        }
        guard after.position == position else {
            throw StoreError.failed(
                path: target.description, code: 0,
                detail: "after the copy the position is \(after.position); the source's is \(position)")
        }
        progress(counted.all.reduce(0, +), total)
        return Summary(rows: rows, target: after)
    }
}

/// Rows read of each table, in ``StoreCopy/comparedTables`` order.
private struct RowCounts {
    var users = 0
    var follows = 0
    var contacts = 0
    var events = 0
    var searches = 0
    var budget = 0

    var all: [Int] { [users, follows, contacts, events, searches, budget] }
}

/// Forwards every row to `inner`, reporting progress every `interval` rows.
private struct CountingLoader<Inner: StoreLoader>: StoreLoader {
    var inner: Inner
    let total: Int
    let progress: (Int, Int) -> Void
    private(set) var counts = RowCounts()
    private var done = 0

    /// Rows between two progress reports.
    static var interval: Int { 4_096 }

    init(inner: Inner, total: Int, progress: @escaping (Int, Int) -> Void) {
        self.inner = inner
        self.total = total
        self.progress = progress
    }

    private mutating func count(_ rows: Int) {
        let before = done / Self.interval
        done += rows
        if done / Self.interval != before { progress(done, total) }
    }

    mutating func loadUser(_ user: StoredUser) throws {
        try inner.loadUser(user)
        counts.users += 1
        count(1)
    }

    mutating func loadFollow(follower: StoreUserKey, followee: StoreUserKey, since: Int64) throws {
        try inner.loadFollow(follower: follower, followee: followee, since: since)
        counts.follows += 1
        count(1)
    }

    mutating func loadContact(owner: StoreUserKey, contact: Contact, phones: [UInt64]) throws {
        try inner.loadContact(owner: owner, contact: contact, phones: phones)
        counts.contacts += 1
        count(1)
    }

    mutating func loadEvent(_ event: EventRecord, creator: StoreUserKey) throws {
        try inner.loadEvent(event, creator: creator)
        counts.events += 1
        count(1)
    }

    mutating func loadRecentSearches(user: StoreUserKey, queries: [String]) throws {
        try inner.loadRecentSearches(user: user, queries: queries)
        counts.searches += queries.count
        count(queries.count)
    }

    mutating func loadBudgetUsage(userId: String, day: Int64, used: Int) throws {
        try inner.loadBudgetUsage(userId: userId, day: day, used: used)
        counts.budget += 1
        count(1)
    }
}

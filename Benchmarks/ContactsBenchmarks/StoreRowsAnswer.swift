import ContactsModel
import ContactsStore

/// What reading a whole store answers, as both `SQLiteStore.load(into:)` (this type is its
/// loader: it counts what it is given) and ``StoreReadFloor/readRows()`` compute it: the rows
/// of every table, and sums of a column of each large one.
struct StoreRowsAnswer: StoreLoader, Equatable {
    var users = 0
    var follows = 0
    var contacts = 0
    var events = 0
    /// Recent-search rows (one per query).
    var recentSearches = 0
    /// Upload-budget rows.
    var budgetRows = 0
    /// The users' E.164 numbers, summed (wrapping).
    var e164Sum: UInt64 = 0
    /// The follows' `since`, summed (wrapping).
    var sinceSum: UInt64 = 0
    /// The contact ids' UTF-8 bytes, counted.
    var contactIDBytes = 0

    mutating func loadUser(_ user: StoredUser) throws {
        users += 1
        e164Sum &+= user.e164
    }

    mutating func loadFollow(follower: StoreUserKey, followee: StoreUserKey, since: Int64) throws {
        follows += 1
        sinceSum &+= UInt64(bitPattern: since)
    }

    mutating func loadContact(owner: StoreUserKey, contact: Contact, phones: [UInt64]) throws {
        contacts += 1
        contactIDBytes += contact.id.utf8.count
    }

    mutating func loadEvent(_ event: EventRecord, creator: StoreUserKey) throws {
        events += 1
    }

    mutating func loadRecentSearches(user: StoreUserKey, queries: [String]) throws {
        recentSearches += queries.count
    }

    mutating func loadBudgetUsage(userId: String, day: Int64, used: Int) throws {
        budgetRows += 1
    }
}

import CPrefetch
import ContactsMatching
import ContactsModel
import ContactsSearch
import ContactsSocial
import ContactsSupport

/// A registered user in the engine: id, phone (E.164 digits as an integer) and name.
struct UserRecord: Hashable, Sendable {
    var userId: String
    var e164: UInt64
    var displayName: String
}

/// What one user id has added against the daily upload budget on one UTC day.
struct BudgetDay: Hashable, Sendable {
    var day: Int64
    var used: Int
}

/// Everything the engine knows, guarded as one value by the engine's lock.
///
/// Users are dense `UInt32` indexes, handed out in registration order and never reused (a
/// deleted user's slot stays empty), so the graph and upload structures can key on them.
struct EngineState: Sendable {
    /// The position of the last change applied (PROTOCOL §8); 0 before any.
    var position: Int64 = 0
    /// Dense index of each registered user id (ids compared by bytes): the table's ordinal,
    /// given in registration order as `users` grows by one.
    var userIndex = ByteStringTable()
    /// Users by dense index; nil for a deleted user.
    var users: [UserRecord?] = []
    /// Who holds each registered number.
    var phoneOwners: HashedPhoneTable
    /// Uploaded address books by owner.
    var books: [UInt32: AddressBook] = [:]
    /// Which numbers each owner uploaded, which contacts hold them, and who uploaded a number.
    var uploads: UploadIndex
    /// Follows both ways with their `since`.
    var graph = FollowGraph()
    /// Events by creator.
    var events = EventStore()
    /// Budget use by user id (kept across deleteUser).
    var budget: [ExactString: BudgetDay] = [:]
    /// The directory of registered users for `searchUsers`, by display name. Changes go to its
    /// delta; its base is rebuilt off the engine's lock (``installDirectory(_:caughtUp:compaction:)``).
    var directory = ContactSearchIndex()
    /// While a compaction of the directory runs on a copy, the user ids registered, renamed or
    /// deleted since that copy was taken, in order; nil when none runs.
    var directoryChangedIDs: [String]?
    /// Which compaction ``directoryChangedIDs`` belongs to (unique in the process): a state
    /// loaded afresh while one runs has another, so that compaction does not install its copy
    /// of the state it no longer describes.
    var directoryCompaction: UInt64 = 0
    /// True from a directory rebuild's copy of the directory until the directory is given
    /// storage of its own (``RegistrationRoom``): while true, the directory's next change
    /// would copy the arrays it touches, under the exclusive lock.
    var directorySharesStorage = false

    init(phoneKeySeed: UInt64) {
        phoneOwners = HashedPhoneTable(seed: phoneKeySeed)
        uploads = UploadIndex(seed: phoneKeySeed)
    }

    /// The dense index of the registered user `userId`.
    func index(of userId: String) -> UInt32? {
        userIndex.ordinal(of: userId)
    }

    /// The dense indexes of the registered users among `userIds`, in order (nil for an id not
    /// registered), looked up as one batch (``ByteStringTable/ordinals(of:)``).
    func indexes(of userIds: [String]) -> [UInt32?] {
        userIndex.ordinals(of: userIds)
    }

    /// Registers `userId` in ``userIndex`` and `record` at its new index; nil (nothing
    /// changed) when `userId` has an index already.
    mutating func appendUser(_ userId: String, _ record: UserRecord) throws(ContactsError) -> UInt32? {
        let added: (ordinal: UInt32, inserted: Bool)
        do {
            added = try userIndex.insert(userId)
        } catch {
            throw .internalFailure("no user index is left for '\(userId)': \(users.count) users have been registered")
        }
        guard added.inserted else { return nil }
        guard Int(added.ordinal) == users.count else {
            throw .internalFailure("user index \(added.ordinal) given to '\(userId)' is not the next, \(users.count)")
        }
        users.append(record)
        return added.ordinal
    }

    /// The record of the dense user `index`.
    func user(_ index: UInt32) -> UserRecord? {
        Int(index) < users.count ? users[Int(index)] : nil
    }

    /// Asks the processor to bring the record of user `index` into the cache, for a page that
    /// is about to read the records of many users scattered over the array.
    @inline(__always)
    func prefetchUser(_ index: UInt32) {
        users.withUnsafeBufferPointer { users in
            guard Int(index) < users.count, let base = users.baseAddress else { return }
            contacts_prefetch(base + Int(index))
        }
    }

    /// The dense index of the registered user `userId` (the acting user or a target).
    ///
    /// - Throws: ``ContactsError/unknownUser(_:)``.
    func registeredUser(_ userId: String) throws(ContactsError) -> UInt32 {
        guard let index = index(of: userId) else { throw .unknownUser(userId) }
        return index
    }

    /// `owner`'s own uploaded contacts, looked up once for the many numbers of a page.
    func ownContacts(of owner: UInt32) -> OwnContacts {
        OwnContacts(book: books[owner], uploads: uploads.book(of: owner))
    }
}

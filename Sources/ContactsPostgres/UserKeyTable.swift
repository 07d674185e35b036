import ContactsStore
import ContactsSupport

/// The user ids of one load with the ``StoreUserKey`` each was given (its rank in the load,
/// from 1), looked up by the id's bytes as they arrive in a row: once per follow end, owner
/// and creator (tens of millions of times), so without making a `String`.
///
/// A ``ByteStringTable`` of the ids (a key is its ordinal + 1) beside the ids as strings.
///
/// - Complexity: O(1) expected per append and lookup; ``keys(of:)`` overlaps a batch's cache
///   misses. Keys are 32-bit: up to 2³² − 2 users a load, and up to 4 GiB of id bytes.
struct UserKeyTable {
    /// Why ``append(_:userId:)`` refused an id.
    enum AppendError: Error {
        /// The id is already in.
        case duplicate
        /// The table holds as many ids, or id bytes, as its 32-bit fields can address.
        case full
    }

    private var table = ByteStringTable()
    /// The ids as strings, by key - 1 (for `ownerId` and `creatorId`).
    private(set) var userIds: [String] = []

    /// How many ids there are.
    var count: Int { userIds.count }

    /// Adds the next id (its key is the new count).
    ///
    /// - Throws: ``AppendError/duplicate`` when it is already in, ``AppendError/full`` when
    ///   no more fit.
    mutating func append(_ bytes: UnsafeRawBufferPointer, userId: String) throws(AppendError) {
        let added: (ordinal: UInt32, inserted: Bool)
        do {
            added = try table.insert(bytes)
        } catch {
            throw .full
        }
        guard added.inserted else { throw .duplicate }
        userIds.append(userId)
    }

    /// The key of the id whose bytes are `bytes`, nil when not in.
    func key(of bytes: UnsafeRawBufferPointer) -> StoreUserKey? {
        table.ordinal(of: bytes).map(Self.key)
    }

    /// The keys of a batch of ids, in order (nil for an id not in): the same answers as
    /// ``key(of:)`` for each, with the batch's cache misses overlapped
    /// (``ByteStringTable/ordinals(of:)``).
    func keys(of batch: ByteStringList) -> [StoreUserKey?] {
        table.ordinals(of: batch).map { $0.map(Self.key) }
    }

    /// The user id of `key`.
    func userId(of key: StoreUserKey) -> String {
        userIds[Int(key.rawValue) - 1]
    }

    private static func key(_ ordinal: UInt32) -> StoreUserKey {
        StoreUserKey(rawValue: Int64(ordinal) + 1)
    }
}

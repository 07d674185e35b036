import ContactsModel

/// Receives the rows of a store, table by table, from ``SQLiteStore/load(into:)``: the
/// streaming way to rebuild in-memory structures without materializing the whole store.
///
/// Calls come in this order, each table in key order:
/// 1. ``loadUser(_:)`` for every user, by key;
/// 2. ``loadFollow(follower:followee:since:)`` by follower key, then followee key;
/// 3. ``loadContact(owner:ownerId:id:body:phones:)`` by owner key, then contact id bytes;
/// 4. ``loadEvent(_:creator:)`` by event id bytes;
/// 5. ``loadRecentSearches(user:queries:)`` once per user that has any, by key;
/// 6. ``loadBudgetUsage(userId:day:used:)`` by user id bytes, then day.
///
/// Every ``StoreUserKey`` in steps 2–5 is one that step 1 delivered (the store checks it
/// and fails the load with ``StoreError/corrupt(path:detail:)`` otherwise). An error
/// thrown by a method stops the load and is rethrown by ``SQLiteStore/load(into:)``.
package protocol StoreLoader {
    /// A registered user.
    mutating func loadUser(_ user: StoredUser) throws
    /// `follower` follows `followee` since `since` (ms).
    mutating func loadFollow(follower: StoreUserKey, followee: StoreUserKey, since: Int64) throws
    /// A contact uploaded by `owner` (its `ownerId` is the owner's user id), with the
    /// phone numbers normalized at upload (E.164 as integers; unnormalizable ones absent).
    mutating func loadContact(owner: StoreUserKey, contact: Contact, phones: [UInt64]) throws
    /// A contact uploaded by `owner` (whose user id is `ownerId`) as the store keeps it: its
    /// id and its body in the one binary form (``ContactCodec``), valid for the call only, with
    /// the phone numbers normalized at upload. The default decodes the body and calls
    /// ``loadContact(owner:contact:phones:)``; a loader that keeps contacts packed takes the
    /// bytes as they are.
    mutating func loadContact(
        owner: StoreUserKey, ownerId: String, id: String, body: UnsafeRawBufferPointer, phones: [UInt64]) throws
    /// An event created by `creator` (its `creatorId` is the creator's user id).
    mutating func loadEvent(_ event: EventRecord, creator: StoreUserKey) throws
    /// The recent distinct queries of `user`, most recent first (at most
    /// `StoreSchema.recentSearchLimit`).
    mutating func loadRecentSearches(user: StoreUserKey, queries: [String]) throws
    /// `userId` has used `used` new numbers of its upload budget on UTC day `day`
    /// (the user may no longer be registered).
    mutating func loadBudgetUsage(userId: String, day: Int64, used: Int) throws
}

extension StoreLoader {
    /// Decodes the body and calls ``loadContact(owner:contact:phones:)``.
    package mutating func loadContact(
        owner: StoreUserKey, ownerId: String, id: String, body: UnsafeRawBufferPointer, phones: [UInt64]
    ) throws {
        try loadContact(owner: owner, contact: ContactCodec.decodeBody(body, id: id, ownerId: ownerId), phones: phones)
    }
}

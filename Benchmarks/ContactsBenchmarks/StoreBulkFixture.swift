import ContactsCore
import ContactsFixtures
import ContactsModel
import ContactsSocial
import ContactsStore
import ContactsSupport
import Foundation
import PhoneNumbers

/// A store of `users` users (a `contacts generate` fixture's, seed 5), `followsPerUser`
/// distinct follows of each (followees drawn by Zipf's law over a scattered ranking, so a
/// few users have very many followers) and the fixture's `contacts` contacts (books of
/// about 750, phones normalized with the owner's region as an upload would), written in bulk
/// through ``SQLiteStore/importRows(_:)`` (what `contacts store copy` uses: one transaction,
/// rows in key order, the secondary indexes built once at the end).
struct StoreBulkFixture {
    let path: String
    let userCount: Int
    let followCount: Int
    let contactCount: Int
    /// Every user's id, in the fixture's order (a ``FollowEdge``'s indexes point into it).
    let userIds: [String]
    /// Every follow written, by follower then followee (so a pair is found by binary search).
    let follows: [FollowEdge]
    /// A user with followers and a user with an uploaded book, to check reads after an open.
    let followedUser: String
    let owner: String
    /// Milliseconds spent writing the store (the fixture generation excluded).
    let buildMillis: Double

    init(path: String, users: Int, followsPerUser: Int, contacts: Int) throws {
        self.path = path
        let fixture = try GeneratedFixtureDirectory(contacts: contacts, users: users, seed: 5)
        defer { withExtendedLifetime(fixture) {} }
        let fixtureUsers = try FixtureReader<FixtureUser>.readAll(path: fixture.file("users.jsonl"))
        let ids = fixtureUsers.map(\.userId)
        var regionOf: [String: String] = [:]
        for user in fixtureUsers { regionOf[user.userId] = user.region }
        let books = try Self.books(directory: fixture.path, regionOf: regionOf)
        let follows = Self.follows(users: fixtureUsers.count, perUser: followsPerUser)

        let start = WallClock.monotonicNanoseconds()
        // A large page cache: the followee index is sorted in it at the end.
        let store = try SQLiteStore.open(
            path: path, options: StoreOptions(durability: .normal, cacheKibibytes: 2 << 20))
        var keyOf: [String: StoreUserKey] = [:]
        for (index, id) in ids.enumerated() { keyOf[id] = StoreUserKey(rawValue: Int64(index) + 1) }
        try store.importRows { importer in
            for (index, user) in fixtureUsers.enumerated() {
                guard let e164 = UInt64(user.phone.dropFirst()) else {
                    throw BaselineError("fixture phone \(user.phone) is not +digits")
                }
                try importer.loadUser(
                    StoredUser(
                        key: StoreUserKey(rawValue: Int64(index) + 1), userId: user.userId, e164: e164,
                        displayName: user.displayName))
            }
            for edge in follows {
                try importer.loadFollow(
                    follower: StoreUserKey(rawValue: Int64(edge.follower) + 1),
                    followee: StoreUserKey(rawValue: Int64(edge.followee) + 1), since: edge.since)
            }
            for (owner, book) in books {
                guard let key = keyOf[owner] else { throw BaselineError("contacts of an unknown owner \(owner)") }
                for entry in book { try importer.loadContact(owner: key, contact: entry.contact, phones: entry.phones) }
            }
            return 0
        }
        try store.close()
        buildMillis = Double(WallClock.monotonicNanoseconds() - start) / 1e6

        userCount = fixtureUsers.count
        userIds = ids
        self.follows = follows
        followCount = follows.count
        contactCount = books.reduce(0) { $0 + $1.book.count }
        followedUser = ids[Int(follows[0].followee)]
        owner = books.first?.owner ?? ids[0]
    }

    /// The fixture's contacts by owner, in file order, each with its distinct numbers
    /// normalized with the owner's region (unnormalizable phones left out, as uploads do).
    private static func books(directory: String, regionOf: [String: String]) throws
        -> [(owner: String, book: [(contact: Contact, phones: [UInt64])])]
    {
        let normalizer = PhoneNumberNormalizer()
        var books: [(owner: String, book: [(contact: Contact, phones: [UInt64])])] = []
        var position: [String: Int] = [:]
        try FixtureReader<Contact>(directory: directory).forEach { contact in
            let region = regionOf[contact.ownerId]
            var numbers: [UInt64] = []
            for phone in contact.phoneNumbers {
                guard let number = try? normalizer.normalize(phone.value, defaultRegion: region).e164,
                    number <= 999_999_999_999_999, !numbers.contains(number)
                else { continue }
                numbers.append(number)
            }
            if let index = position[contact.ownerId] {
                books[index].book.append((contact, numbers))
            } else {
                position[contact.ownerId] = books.count
                books.append((contact.ownerId, [(contact, numbers)]))
            }
        }
        return books
    }

    /// `perUser` distinct follows of each user, by follower then followee (the table's key
    /// order, so its inserts append), followees drawn log-uniformly by popularity rank.
    private static func follows(users: Int, perUser: Int) -> [FollowEdge] {
        var random = SplitMix64(seed: 8)
        let scatter = SocialFixture.coprimeMultiplier(for: users)
        let logUsers = log(Double(users))
        var edges: [FollowEdge] = []
        edges.reserveCapacity(users * perUser)
        var followees: [UInt32] = []
        for follower in 0..<UInt32(users) {
            followees.removeAll(keepingCapacity: true)
            while followees.count < min(perUser, users - 1) {
                let unit = Double(random.next() >> 11) / Double(1 << 53)
                let rank = min(users - 1, Int(exp(unit * logUsers)) - 1)
                let followee = UInt32((rank &* scatter &+ 12_345) % users)
                if followee != follower && !followees.contains(followee) { followees.append(followee) }
            }
            followees.sort()
            for followee in followees {
                // `since` in the three years from 2023-11-14.
                let since = 1_700_000_000_000 + Int64(random.next() % (3 * 365 * 86_400_000))
                edges.append(FollowEdge(follower: follower, followee: followee, since: since))
            }
        }
        return edges
    }
}

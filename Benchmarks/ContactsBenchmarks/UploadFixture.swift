import ContactsCore
import ContactsFixtures
import ContactsModel
import ContactsStore
import Foundation

/// The users and address books of the upload benchmark.
///
/// The books and their users come from a `contacts generate` fixture (realistic names, 0–3
/// phones written as someone in the owner's region stores them — national and international
/// forms — and emails; 15% of phones are registered users' numbers). The registered population
/// is that fixture's users followed by users whose numbers are drawn as `contacts generate`
/// draws its users' phones, up to the size measured.
struct UploadFixture {
    /// Every registered user: the fixture's first, then the drawn ones.
    let users: [StoredUser]
    /// The region whose owners' contacts make up ``books``.
    let region: String
    /// The fixture's owners with their own books (without owner ids, as uploaded), to upload
    /// first.
    let ownerBooks: [(userId: String, contacts: [Contact])]
    /// 1,000-contact books of ``region``: its owners' contacts, in file order, cut in pieces.
    let books: [[Contact]]
    /// Users of ``region`` without a book: each can make a first upload.
    let freshUploaders: [String]

    /// A fixture of `registered` users whose books come from a `contacts generate` run of
    /// `fixtureUsers` users and `fixtureContacts` contacts (seed 1).
    init(registered: Int, fixtureUsers: Int, fixtureContacts: Int, bookSize: Int) throws {
        let fixture = try GeneratedFixtureDirectory(contacts: fixtureContacts, users: fixtureUsers, seed: 1)
        defer { withExtendedLifetime(fixture) {} }
        let fixtureUsers = try FixtureReader<FixtureUser>.readAll(path: fixture.file("users.jsonl"))
        let contacts = try FixtureReader<Contact>.readAll(path: fixture.file("contacts.jsonl"))

        var users: [StoredUser] = []
        users.reserveCapacity(registered)
        var taken = Set<UInt64>()
        var regionOfUser: [String: String] = [:]
        for user in fixtureUsers {
            guard let e164 = UInt64(user.phone.dropFirst()) else { continue }
            taken.insert(e164)
            regionOfUser[user.userId] = user.region
            users.append(
                StoredUser(
                    key: StoreUserKey(rawValue: Int64(users.count)), userId: user.userId, e164: e164,
                    displayName: user.displayName))
        }
        var source = PhoneNumberSource(seed: 40)
        while users.count < registered {
            let e164 = source.next()
            guard taken.insert(e164).inserted else { continue }
            users.append(
                StoredUser(
                    key: StoreUserKey(rawValue: Int64(users.count)), userId: "s\(users.count)", e164: e164,
                    displayName: ""))
        }
        self.users = users

        var bookOf: [String: [Contact]] = [:]
        var owners: [String] = []
        for contact in contacts {
            if bookOf[contact.ownerId] == nil { owners.append(contact.ownerId) }
            var entry = contact
            entry.ownerId = ""
            bookOf[contact.ownerId, default: []].append(entry)
        }
        ownerBooks = owners.map { ($0, bookOf[$0] ?? []) }
        var ownersByRegion: [String: [String]] = [:]
        for owner in owners { ownersByRegion[regionOfUser[owner] ?? "", default: []].append(owner) }
        let region = ownersByRegion.max { $0.value.count < $1.value.count }?.key ?? ""
        self.region = region
        let pool = (ownersByRegion[region] ?? []).flatMap { bookOf[$0] ?? [] }
        books = stride(from: 0, to: pool.count - bookSize + 1, by: bookSize).map { Array(pool[$0..<($0 + bookSize)]) }
        let ownerSet = Set(owners)
        freshUploaders = fixtureUsers.filter { $0.region == region && !ownerSet.contains($0.userId) }.map(\.userId)
    }
}

import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsStore
import ContactsSupport
import PhoneNumbers

/// The naive Find Your Friends of the same semantics as the engine's `uploadContacts` and
/// `lookupContactMatches`, with the same contacts (typed, or decoded from JSON the same way)
/// and the same phone normalizer (normalization is not the structure under test): a
/// `[String: String]` from E.164 text to user id, a `Set<String>` of uploaded numbers per user
/// with the reverse `[String: Set<String>]`, and each book's contacts kept in an array, as a
/// naive search would scan them.
struct UploadBaseline {
    private struct User {
        var e164: String
        var displayName: String
        var region: String?
    }

    private struct Book {
        var contacts: [(contact: Contact, numbers: [String])] = []
        var positionOfID: [String: Int] = [:]
    }

    private let normalizer = PhoneNumberNormalizer()
    private var ownerOfNumber: [String: String] = [:]
    private var users: [String: User] = [:]
    private var uploaded: [String: Set<String>] = [:]
    private var holders: [String: Set<String>] = [:]
    private var books: [String: Book] = [:]
    private var budgetUsed: [String: Int] = [:]

    /// The baseline holding `users` (their E.164 numbers as integers).
    init(users registered: [StoredUser]) {
        ownerOfNumber.reserveCapacity(registered.count)
        users.reserveCapacity(registered.count)
        for user in registered {
            let e164 = "+\(user.e164)"
            let region = PhoneNumber(e164: user.e164).flatMap { normalizer.mainRegion(forCallingCode: $0.countryCode) }
            ownerOfNumber[e164] = user.userId
            users[user.userId] = User(e164: e164, displayName: user.displayName, region: region)
        }
    }

    /// Uploads `entries` into `userId`'s book as the engine's JSON form does (decode each,
    /// then as ``upload(as:contacts:)``); returns the contacts stored.
    mutating func upload(as userId: String, json entries: [JSONValue]) -> Int {
        upload(as: userId, contacts: entries.compactMap { try? Contact(json: $0) })
    }

    /// Uploads `contacts` into `userId`'s book as the engine does (normalize each one's phones
    /// with the uploader's region, the last contact of an id wins, count the new numbers
    /// against the budget, update both sides); returns the contacts stored.
    mutating func upload(as userId: String, contacts: [Contact]) -> Int {
        guard let user = users[userId] else { return 0 }
        var book = books[userId] ?? Book()
        var stored = 0
        for var contact in contacts {
            contact.ownerId = userId
            var numbers: [String] = []
            for phone in contact.phoneNumbers {
                guard let number = try? normalizer.normalize(phone.value, defaultRegion: user.region).e164,
                    number <= 999_999_999_999_999
                else { continue }
                let text = "+\(number)"
                if !numbers.contains(text) { numbers.append(text) }
            }
            if let position = book.positionOfID[contact.id] {
                book.contacts[position] = (contact, numbers)
            } else {
                book.positionOfID[contact.id] = book.contacts.count
                book.contacts.append((contact, numbers))
            }
            stored += 1
        }
        var numbers = Set<String>()
        for (_, contactNumbers) in book.contacts { numbers.formUnion(contactNumbers) }
        let old = uploaded[userId] ?? []
        budgetUsed[userId, default: 0] += numbers.subtracting(old).count
        for number in old.subtracting(numbers) { holders[number]?.remove(userId) }
        for number in numbers.subtracting(old) { holders[number, default: []].insert(userId) }
        uploaded[userId] = numbers
        books[userId] = book
        return stored
    }

    /// The first `limit` matches of `userId` by user id bytes, as
    /// `(userId, displayName, relation, contactId)`: users whose number is in my book, who hold
    /// mine, or both, with my smallest contact id holding a forward match's number.
    func matches(of userId: String, limit: Int) -> [(String, String, String, String?)] {
        guard let me = users[userId] else { return [] }
        var forward = Set<String>()
        for number in uploaded[userId] ?? [] {
            if let owner = ownerOfNumber[number], owner != userId { forward.insert(owner) }
        }
        var reverse = Set<String>()
        for holder in holders[me.e164] ?? [] where holder != userId { reverse.insert(holder) }
        var smallestContact: [String: String] = [:]
        for (contact, numbers) in books[userId]?.contacts ?? [] {
            for number in numbers where smallestContact[number].map({ contact.id.utf8Precedes($0) }) ?? true {
                smallestContact[number] = contact.id
            }
        }
        let page = forward.union(reverse).sorted { $0.utf8Precedes($1) }.prefix(limit)
        return page.compactMap { matched in
            guard let user = users[matched] else { return nil }
            let isForward = forward.contains(matched)
            let relation = isForward ? (reverse.contains(matched) ? "mutual" : "contact") : "reverse"
            return (matched, user.displayName, relation, isForward ? smallestContact[user.e164] : nil)
        }
    }
}

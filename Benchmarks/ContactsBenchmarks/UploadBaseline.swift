import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsStore
import ContactsSupport
import PhoneNumbers

/// One match as both sides give it: the engine's `ContactMatch` in comparable form.
struct MatchAnswer: Equatable {
    let userId: String
    let displayName: String
    /// `contact`, `reverse` or `mutual`.
    let relation: String
    let contactId: String?
}

/// Find Your Friends as a competent first version writes it, with the same semantics as the
/// engine's `uploadContacts` and `lookupContactMatches`, the same contacts (typed, or decoded
/// from JSON the same way) and the same phone normalizer (normalization is not the structure
/// under test): users by dense index with a `[String: UInt32]` from id to index, a
/// `[UInt64: UInt32]` from E.164 number to user, a `Set<UInt64>` of uploaded numbers per user,
/// the holders map `[UInt64: Set<UInt32>]` maintained on every upload, and each book's
/// contacts in an array with a `[String: Int]` from contact id to position.
struct UploadBaseline {
    private struct User {
        let userId: String
        let e164: UInt64
        let displayName: String
        let region: String?
    }

    private struct Book {
        var contacts: [(contact: Contact, numbers: [UInt64])] = []
        var positionOfID: [String: Int] = [:]
    }

    /// The largest E.164 number (15 digits, PROTOCOL §3): longer normalized numbers are not
    /// uploaded, as the engine drops them.
    private static let largestE164: UInt64 = 999_999_999_999_999

    private let normalizer = PhoneNumberNormalizer()
    private var users: [User] = []
    private var indexOfID: [String: UInt32] = [:]
    private var ownerOfNumber: [UInt64: UInt32] = [:]
    private var uploaded: [UInt32: Set<UInt64>] = [:]
    private var holders: [UInt64: Set<UInt32>] = [:]
    private var books: [UInt32: Book] = [:]
    private var budgetUsed: [UInt32: Int] = [:]

    /// The baseline holding `registered` users.
    init(users registered: [StoredUser]) {
        users.reserveCapacity(registered.count)
        indexOfID.reserveCapacity(registered.count)
        ownerOfNumber.reserveCapacity(registered.count)
        for user in registered {
            let index = UInt32(users.count)
            let region = PhoneNumber(e164: user.e164).flatMap { normalizer.mainRegion(forCallingCode: $0.countryCode) }
            users.append(User(userId: user.userId, e164: user.e164, displayName: user.displayName, region: region))
            indexOfID[user.userId] = index
            ownerOfNumber[user.e164] = index
        }
    }

    /// Uploads `entries` into `userId`'s book as the engine's JSON form does (decode each,
    /// then as ``upload(as:contacts:)``); returns the contacts stored.
    mutating func upload(as userId: String, json entries: [JSONValue]) -> Int {
        upload(as: userId, contacts: entries.compactMap { try? Contact(json: $0) })
    }

    /// Uploads `contacts` into `userId`'s book as the engine does (normalize each one's phones
    /// with the uploader's region, the last contact of an id wins, count the new numbers
    /// against the budget, update the holders of every number entering or leaving the book);
    /// returns the contacts stored.
    mutating func upload(as userId: String, contacts: [Contact]) -> Int {
        guard let me = indexOfID[userId] else { return 0 }
        let region = users[Int(me)].region
        var book = books.removeValue(forKey: me) ?? Book()
        var stored = 0
        for var contact in contacts {
            contact.ownerId = userId
            var numbers: [UInt64] = []
            for phone in contact.phoneNumbers {
                guard let number = try? normalizer.normalize(phone.value, defaultRegion: region).e164,
                    number <= Self.largestE164, !numbers.contains(number)
                else { continue }
                numbers.append(number)
            }
            if let position = book.positionOfID[contact.id] {
                book.contacts[position] = (contact, numbers)
            } else {
                book.positionOfID[contact.id] = book.contacts.count
                book.contacts.append((contact, numbers))
            }
            stored += 1
        }
        var numbers = Set<UInt64>()
        for (_, contactNumbers) in book.contacts { numbers.formUnion(contactNumbers) }
        let old = uploaded.removeValue(forKey: me) ?? []
        budgetUsed[me, default: 0] += numbers.subtracting(old).count
        for number in old.subtracting(numbers) { holders[number]?.remove(me) }
        for number in numbers.subtracting(old) { holders[number, default: []].insert(me) }
        uploaded[me] = numbers
        books[me] = book
        return stored
    }

    /// The first `limit` matches of `userId` by user id bytes: users whose number is in my
    /// book (`contact`), who hold mine (`reverse`), or both (`mutual`), with my smallest contact
    /// id (by bytes) holding a forward match's number.
    func matches(of userId: String, limit: Int) -> [MatchAnswer] {
        guard let me = indexOfID[userId] else { return [] }
        var forward = Set<UInt32>()
        for number in uploaded[me] ?? [] {
            if let owner = ownerOfNumber[number], owner != me { forward.insert(owner) }
        }
        var reverse = Set<UInt32>()
        for holder in holders[users[Int(me)].e164] ?? [] where holder != me { reverse.insert(holder) }
        var smallestContact: [UInt64: String] = [:]
        for (contact, numbers) in books[me]?.contacts ?? [] {
            for number in numbers where smallestContact[number].map({ contact.id.utf8Precedes($0) }) ?? true {
                smallestContact[number] = contact.id
            }
        }
        let page = forward.union(reverse).sorted { users[Int($0)].userId.utf8Precedes(users[Int($1)].userId) }
            .prefix(limit)
        return page.map { matched in
            let user = users[Int(matched)]
            let isForward = forward.contains(matched)
            let relation = isForward ? (reverse.contains(matched) ? "mutual" : "contact") : "reverse"
            return MatchAnswer(
                userId: user.userId, displayName: user.displayName, relation: relation,
                contactId: isForward ? smallestContact[user.e164] : nil)
        }
    }
}

/// A registered user in the engine: id, phone (E.164 digits as an integer) and name.
struct UserRecord: Hashable, Sendable {
    var userId: String
    var e164: UInt64
    var displayName: String
}

/// An uploaded contact with the E.164 numbers its phones normalized to at upload.
struct StoredContact: Hashable, Sendable {
    var contact: Contact
    var numbers: [UInt64]
}

/// One user's uploaded address book.
struct AddressBook: Sendable {
    /// The contacts by id.
    var contacts: [String: StoredContact] = [:]
    /// For each number in the book, the ids of the contacts holding it, sorted by bytes.
    var holders: [UInt64: [String]] = [:]

    /// The smallest id (by bytes) of a contact holding `number`.
    func smallestHolder(of number: UInt64) -> String? {
        holders[number]?.first
    }

    /// Stores `stored` under its id, replacing an earlier contact with that id; returns the
    /// numbers the book gained and lost.
    @discardableResult
    mutating func put(_ stored: StoredContact) -> (gained: [UInt64], lost: [UInt64]) {
        let lost = remove(stored.contact.id)?.lost ?? []
        contacts[stored.contact.id] = stored
        var gained: [UInt64] = []
        for number in Set(stored.numbers) {
            var ids = holders[number] ?? []
            if ids.isEmpty { gained.append(number) }
            let position = ids.firstIndex { stored.contact.id.utf8Precedes($0) } ?? ids.count
            ids.insert(stored.contact.id, at: position)
            holders[number] = ids
        }
        let regained = Set(gained)
        return (gained.filter { !lost.contains($0) }, lost.filter { !regained.contains($0) })
    }

    /// Removes the contact `id`; returns it and the numbers the book no longer holds.
    @discardableResult
    mutating func remove(_ id: String) -> (contact: StoredContact, lost: [UInt64])? {
        guard let old = contacts.removeValue(forKey: id) else { return nil }
        var lost: [UInt64] = []
        for number in Set(old.numbers) {
            holders[number]?.removeAll { $0 == id }
            if holders[number]?.isEmpty == true {
                holders[number] = nil
                lost.append(number)
            }
        }
        return (old, lost)
    }
}

/// What one user id has added against the daily upload budget on one UTC day.
struct BudgetDay: Hashable, Sendable {
    var day: Int64
    var used: Int
}

/// Everything the engine knows, guarded as one value by the engine's lock.
struct EngineState: Sendable {
    /// Dense index of each registered user id.
    var userIndex: [String: UInt32] = [:]
    /// Users by dense index; nil for a deleted user.
    var users: [UserRecord?] = []
    /// Who holds each registered number.
    var phoneOwners: [UInt64: UInt32] = [:]
    /// Uploaded address books by owner.
    var books: [UInt32: AddressBook] = [:]
    /// For each number, the users whose uploaded book holds it (the reverse side).
    var uploaders: [UInt64: Set<UInt32>] = [:]
    /// Budget use by user id (kept across deleteUser).
    var budget: [String: BudgetDay] = [:]

    /// The dense index of the registered user `userId`.
    func index(of userId: String) -> UInt32? {
        userIndex[userId]
    }

    /// The record of the dense user `index`.
    func user(_ index: UInt32) -> UserRecord? {
        Int(index) < users.count ? users[Int(index)] : nil
    }
}

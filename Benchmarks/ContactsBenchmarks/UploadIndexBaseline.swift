import ContactsMatching

/// The upload index a competent first version keeps, with the same answers as
/// `UploadIndex`: per owner, a dictionary from contact handle to its distinct numbers and one
/// from number to how many of the book's contacts hold it; per number, the set of owners whose
/// books hold it, maintained on every write (so "who has me in their book" is one lookup).
struct UploadIndexBaseline {
    private struct Book {
        var numbersOfContact: [UInt32: [UInt64]] = [:]
        var holdersOfNumber: [UInt64: Int] = [:]
    }

    private var books: [UInt32: Book] = [:]
    private var holders: [UInt64: Set<UInt32>] = [:]

    /// An index of `owners[i]`'s contact `contacts[i]` holding `numbers[i]`, inserted one
    /// contact at a time.
    init(owners: [UInt32], contacts: [UInt32], numbers: [UInt64]) {
        var numbersOf: [UInt32: [UInt32: [UInt64]]] = [:]
        for (owner, (contact, number)) in zip(owners, zip(contacts, numbers)) {
            numbersOf[owner, default: [:]][contact, default: []].append(number)
        }
        for (owner, byContact) in numbersOf {
            replaceContacts(byContact.map { UploadedContact(contact: $0.key, numbers: $0.value) }, of: owner)
        }
    }

    /// The owners whose books hold `number`.
    ///
    /// - Complexity: one hash lookup.
    func holders(of number: UInt64) -> Set<UInt32> {
        holders[number] ?? []
    }

    /// The number of distinct numbers in `owner`'s book.
    func numberCount(of owner: UInt32) -> Int {
        books[owner]?.holdersOfNumber.count ?? 0
    }

    /// Each listed contact's numbers become exactly the listed ones (the last entry of a
    /// handle wins); the holders map follows every number entering or leaving the book.
    mutating func replaceContacts(_ contacts: [UploadedContact], of owner: UInt32) {
        var book = books.removeValue(forKey: owner) ?? Book()
        for entry in contacts {
            if let old = book.numbersOfContact.removeValue(forKey: entry.contact) {
                for number in old { release(number, in: &book, of: owner) }
            }
            var distinct: [UInt64] = []
            for number in entry.numbers where !distinct.contains(number) { distinct.append(number) }
            guard !distinct.isEmpty else { continue }
            book.numbersOfContact[entry.contact] = distinct
            for number in distinct {
                book.holdersOfNumber[number, default: 0] += 1
                if book.holdersOfNumber[number] == 1 { holders[number, default: []].insert(owner) }
            }
        }
        if !book.numbersOfContact.isEmpty { books[owner] = book }
    }

    /// Removes `contacts` (handles) from `owner`'s book.
    mutating func removeContacts(_ contacts: [UInt32], of owner: UInt32) {
        replaceContacts(contacts.map { UploadedContact(contact: $0, numbers: []) }, of: owner)
    }

    /// One contact of `owner`'s book no longer holds `number`.
    private mutating func release(_ number: UInt64, in book: inout Book, of owner: UInt32) {
        let remaining = (book.holdersOfNumber[number] ?? 1) - 1
        if remaining > 0 {
            book.holdersOfNumber[number] = remaining
            return
        }
        book.holdersOfNumber[number] = nil
        holders[number]?.remove(owner)
        if holders[number]?.isEmpty == true { holders[number] = nil }
    }
}

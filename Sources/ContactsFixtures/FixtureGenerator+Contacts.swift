import ContactsJSON
import ContactsModel

extension FixtureGenerator {
    /// Writes `contacts.jsonl` (random stream 2): the address books of the owners, one after
    /// the other, ids `c0000001`… in file order.
    func generateContacts(
        users registry: FixtureUserRegistry, into path: String, meter: inout FixtureProgressMeter,
        summary: inout Summary
    ) throws(FixtureError) {
        let output = try FixtureLineWriter(path: path)
        summary.owners = options.owners
        summary.registeredPhoneNumbers = try makeContactBooks(users: registry) { book throws(FixtureError) in
            for contact in book {
                summary.phoneNumbers += contact.phoneNumbers.count
                try output.write(contact.jsonValue)
                meter.advance()
            }
        }
        summary.contacts = output.lineCount
        try output.finish()
    }

    /// Hands `body` each owner's address book in turn, without writing any file: the contacts
    /// that `contacts.jsonl` of ``generate(into:progress:)`` holds, in its order (each book's
    /// contacts carry their owner's `ownerId`). The users are made first and kept in memory as
    /// `contacts.jsonl` needs them (about 60 bytes a user); a book is made only when the one
    /// before it is handed over, so memory stays bounded by the users and one book.
    ///
    /// - Complexity: O(contacts + users) time.
    package func forEachContactBook<E: Error>(_ body: (_ book: [Contact]) throws(E) -> Void) throws(E) {
        let registry = FixtureUserRegistry.generate(options: options) { _ in }
        _ = try makeContactBooks(users: registry, body)
    }

    /// Makes the owners' address books (random stream 2), one after the other, ids
    /// `c0000001`… in order, handing each to `body`; returns how many of their phone numbers
    /// are registered users' numbers.
    private func makeContactBooks<E: Error>(
        users registry: FixtureUserRegistry, _ body: (_ book: [Contact]) throws(E) -> Void
    ) throws(E) -> Int {
        var factory = FixtureContactFactory(
            random: FixtureRandom(seed: options.seed, stream: 2), registry: registry,
            idWidth: max(7, FixtureDirectory.decimalDigits(options.contacts)))
        let owners = options.owners
        var sizes = FixtureBookSizes(contacts: options.contacts, owners: owners)
        var book: [Contact] = []
        for owner in 0..<owners {
            // Owners are spread evenly over the users, so they are distinct.
            let ownerIndex = owner * options.users / owners
            book.removeAll(keepingCapacity: true)
            for _ in 0..<sizes.next(using: &factory.random) {
                book.append(factory.make(owner: ownerIndex))
            }
            try body(book)
        }
        return factory.registeredPhoneNumbers
    }
}

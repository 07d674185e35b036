import ContactsSupport

/// Who uploaded which numbers, both ways: per owner, the numbers in their book and the
/// contacts holding each (forward); per number, the owners whose books hold it (reverse), so
/// that "who has me in their book" is one lookup, never a scan.
///
/// ```swift
/// var uploads = UploadIndex(seed: 42)
/// try uploads.replaceContacts([UploadedContact(contact: 0, numbers: [14155552671])], of: 9)
/// uploads.holders(of: 14155552671)                 // [9]
/// uploads.contacts(of: 9, holding: 14155552671)    // [0]
/// ```
///
/// Users are the engine's dense `UInt32` indexes; contacts are the engine's `UInt32` handles,
/// scoped to their owner. The index does not know contact ids: for "the smallest contact id of
/// my contacts holding N" the engine takes ``contacts(of:holding:)`` (usually one handle) and
/// compares their ids itself. Keeping handles in id order instead would force renumbering
/// whenever an id sorts between two others.
///
/// Both sides are sorted integer arrays: 12 bytes per (number, contact) pair forward, and
/// about 12.05 per (number, owner) pair reverse (a hashed sorted multimap laid out like
/// ``HashedPhoneTable``).
package struct UploadIndex: Sendable {
    /// The books by owner; an owner with no pair has no book.
    var books: [UInt32: UploadBook] = [:]
    /// Number → owners of the books holding it.
    var owners: HashedPhoneMultimap

    /// An empty index whose reverse side is keyed by seeded XXH3-64.
    package init(seed: UInt64) {
        self.init(hasher: XXH3PhoneKeyHasher(seed: seed))
    }

    /// An empty index whose reverse side is keyed by `hasher`.
    package init(hasher: some PhoneKeyHasher) {
        owners = HashedPhoneMultimap(hasher: hasher, deltaShare: HashedPhoneMultimap.Constants.uploadDeltaShare)
    }

    /// An empty index with a lowered merge threshold, for tests that merge often.
    package init(hasher: some PhoneKeyHasher, deltaFloor: Int) {
        owners = HashedPhoneMultimap(
            hasher: hasher, deltaFloor: deltaFloor, deltaShare: HashedPhoneMultimap.Constants.uploadDeltaShare)
    }

    /// An index built at once from parallel arrays of uploads: `owners[i]`'s contact
    /// `contacts[i]` holds `numbers[i]` (repeats collapse): grouped by owner, then built book
    /// by book (``Builder``).
    ///
    /// - Throws: ``MatchingError/countMismatch(expected:actual:)``,
    ///   ``MatchingError/numberOutOfRange(_:)`` or ``MatchingError/capacityExceeded(limit:)``.
    /// - Complexity: O(n log n) for n uploads.
    package init(owners: [UInt32], contacts: [UInt32], numbers: [UInt64], hasher: some PhoneKeyHasher)
        throws(MatchingError)
    {
        guard contacts.count == numbers.count, owners.count == numbers.count else {
            throw .countMismatch(expected: numbers.count, actual: min(contacts.count, owners.count))
        }
        var byOwner = owners.indices.map { UInt64(owners[$0]) << 32 | UInt64(truncatingIfNeeded: $0) }
        let ownerBits = RadixSort.bitsInUse(union: UInt64(owners.reduce(0, |))).upperBound
        RadixSort.sort(&byOwner, byBits: 32..<32 + ownerBits)
        var builder = Builder()
        var pairs: [(number: UInt64, contact: UInt32)] = []
        var runStart = byOwner.startIndex
        while runStart < byOwner.endIndex {
            let owner = byOwner[runStart] >> 32
            pairs.removeAll(keepingCapacity: true)
            var runEnd = runStart
            while runEnd < byOwner.endIndex && byOwner[runEnd] >> 32 == owner {
                let position = Int(truncatingIfNeeded: byOwner[runEnd] & 0xFFFF_FFFF)
                pairs.append((numbers[position], contacts[position]))
                runEnd += 1
            }
            try builder.addBook(of: UInt32(truncatingIfNeeded: owner), pairs: &pairs)
            runStart = runEnd
        }
        self = try builder.build(hasher: hasher)
    }

    /// An index built at once as ``init(owners:contacts:numbers:hasher:)``, keyed by seeded
    /// XXH3-64.
    package init(owners: [UInt32], contacts: [UInt32], numbers: [UInt64], seed: UInt64) throws(MatchingError) {
        try self.init(owners: owners, contacts: contacts, numbers: numbers, hasher: XXH3PhoneKeyHasher(seed: seed))
    }

    /// The number of owners with at least one uploaded number.
    package var ownerCount: Int { books.count }

    /// The number of (number, owner) pairs: each owner counted once per distinct number.
    package var holdingCount: Int { owners.count }

    /// The distinct numbers `owner` uploaded, ascending.
    ///
    /// - Complexity: O(p) for p pairs in the owner's book.
    package func numbers(of owner: UInt32) -> [UInt64] {
        books[owner]?.distinctNumbers() ?? []
    }

    /// Whether `owner`'s book holds `number`.
    ///
    /// - Complexity: O(log p).
    package func contains(_ number: UInt64, uploadedBy owner: UInt32) -> Bool {
        books[owner]?.contains(number) ?? false
    }

    /// `owner`'s book, for reading many of its numbers without looking the owner up each time.
    package func book(of owner: UInt32) -> UploadBook? {
        books[owner]
    }

    /// The handles of `owner`'s contacts holding `number`, ascending.
    ///
    /// - Complexity: O(log p).
    package func contacts(of owner: UInt32, holding number: UInt64) -> IndexList {
        books[owner]?.contacts(holding: number) ?? IndexList()
    }

    /// The owners whose books hold `number`, ascending: "who has me in their book".
    ///
    /// - Complexity: one hash, one directory read and a short search; the list is a view.
    package func holders(of number: UInt64) -> IndexList {
        owners.payloads(of: number)
    }

    /// How many distinct numbers among `numbers` are not in `owner`'s book yet: what an upload
    /// of them would add (the daily upload budget counts these).
    ///
    /// - Complexity: O(m + m log p) for m numbers (a radix sort, then a search of the book per
    ///   distinct number).
    package func newNumberCount(of owner: UInt32, among numbers: [UInt64]) -> Int {
        let book = books[owner] ?? UploadBook()
        var sorted = numbers
        RadixSort.sort(&sorted, byBits: RadixSort.bitsInUse(union: numbers.reduce(0, |)))
        var count = 0
        var previous: UInt64?
        for number in sorted where number != previous {
            previous = number
            if !book.contains(number) {
                count += 1
            }
        }
        return count
    }

    /// Uploads `contacts` into `owner`'s book: each listed contact's numbers become exactly
    /// the listed ones (an empty list removes its numbers); other contacts stay. When a handle
    /// repeats, its last entry wins.
    ///
    /// - Throws: ``MatchingError/numberOutOfRange(_:)`` naming the first bad number, or
    ///   ``MatchingError/capacityExceeded(limit:)``; nothing changes.
    /// - Complexity: O(p log r + a log a) for p pairs in the book, r contacts and a numbers
    ///   listed, plus one reverse update per number that enters or leaves the book.
    package mutating func replaceContacts(_ contacts: [UploadedContact], of owner: UInt32) throws(MatchingError) {
        var numberCount = 0
        for entry in contacts {
            for number in entry.numbers {
                try E164Numbers.validate(number)
            }
            numberCount += entry.numbers.count
        }
        guard contacts.count <= Int(UInt32.max) else {
            throw .capacityExceeded(limit: Int(UInt32.max))
        }
        // (handle << 32 | position), sorted: each handle's entries in order, its last one wins.
        var order = contacts.indices.map { UInt64(contacts[$0].contact) << 32 | UInt64(truncatingIfNeeded: $0) }
        // A first upload lists its contacts in handle order already.
        if zip(order, order.dropFirst()).contains(where: { $0 > $1 }) { order.sort() }
        var replaced = [UInt32]()
        replaced.reserveCapacity(order.count)
        var added = [(number: UInt64, contact: UInt32)]()
        added.reserveCapacity(numberCount)
        var union: UInt64 = 0
        for (rank, key) in order.enumerated() {
            let contact = UInt32(truncatingIfNeeded: key >> 32)
            guard rank + 1 == order.count || order[rank + 1] >> 32 != key >> 32 else { continue }
            replaced.append(contact)
            for number in contacts[Int(truncatingIfNeeded: key & 0xFFFF_FFFF)].numbers {
                added.append((number, contact))
                union |= number
            }
        }
        // By contact already: a stable sort on the number orders the pairs by (number, contact).
        RadixSort.sort(&added, byBits: RadixSort.bitsInUse(union: union)) { $0.number }
        var distinct = [(number: UInt64, contact: UInt32)]()
        distinct.reserveCapacity(added.count)
        for pair in added where distinct.last.map({ $0 != pair }) ?? true {
            distinct.append(pair)
        }
        guard owners.canInsert(distinct.count) else {
            throw .capacityExceeded(limit: HashedPhoneMultimap.Constants.maximumCount)
        }
        replace(replaced, with: distinct, of: owner)
    }

    /// Removes `contacts` (handles) from `owner`'s book; handles not in it are ignored.
    ///
    /// - Complexity: as ``replaceContacts(_:of:)``.
    package mutating func removeContacts(_ contacts: [UInt32], of owner: UInt32) {
        var handles = contacts.sorted()
        handles.removeDuplicatesFromSorted()
        replace(handles, with: [], of: owner)
    }

    /// Removes every upload of `owner`: their book, and them from the holders of its numbers.
    /// Holders of `owner`'s own number are not touched: this is also all that deleting a user
    /// asks of the index (other books keep the number, which stops matching once the phone
    /// table frees it).
    ///
    /// - Complexity: O(p) plus one reverse update per distinct number.
    package mutating func removeAllUploads(of owner: UInt32) {
        guard let book = books.removeValue(forKey: owner) else { return }
        owners.remove(owner, forEach: book.distinctNumbers())
    }

    /// Traps when the two sides disagree: an empty book kept, a broken book, or a reverse side
    /// whose (number, owner) pairs are not one per distinct number of each book (or whose
    /// holders of a book's number lack its owner). A no-op unless built for debugging.
    ///
    /// - Complexity: O(p) plus a reverse lookup per distinct number of every book, in debug
    ///   builds; for tests.
    package func _checkInvariants() {
        #if DEBUG
            owners._checkInvariants()
            var pairs = 0
            for (owner, book) in books {
                precondition(!book.isEmpty, "an empty book kept")
                book._checkInvariants()
                let distinct = book.distinctNumbers()
                pairs += distinct.count
                precondition(
                    distinct.allSatisfy { owners.payloads(of: $0).contains(owner) }, "a book's number without its owner"
                )
            }
            precondition(pairs == owners.count, "reverse pairs")
        #endif
    }

    /// The bytes held: the books by capacity plus a dictionary slot each, and the reverse side.
    package var storageBytes: Int {
        let slot = MemoryLayout<UInt32>.stride + MemoryLayout<UploadBook>.stride
        return books.capacity * slot + books.values.reduce(0) { $0 + $1.storageBytes } + owners.storageBytes
    }

    /// The one path every change of a book takes: the new book, then the reverse side updated
    /// for the numbers that left it (dropped and held by no other contact) or entered it.
    private mutating func replace(
        _ replaced: [UInt32], with added: [(number: UInt64, contact: UInt32)], of owner: UInt32
    ) {
        let old = books[owner] ?? UploadBook()
        let (new, dropped) = old.replacing(replaced, with: added)
        new._checkInvariants()
        books[owner] = new.isEmpty ? nil : new
        var leaving = [UInt64]()
        for (position, number) in dropped.enumerated()
        where (position == 0 || dropped[position - 1] != number) && !new.contains(number) {
            leaving.append(number)
        }
        owners.remove(owner, forEach: leaving)
        var entering = [UInt64]()
        entering.reserveCapacity(added.count)
        for (position, pair) in added.enumerated()
        where (position == 0 || added[position - 1].number != pair.number) && !old.contains(pair.number) {
            entering.append(pair.number)
        }
        owners.insert(owner, forEach: entering)
    }
}

extension Array where Element: Equatable {
    /// Drops each element equal to the one before it (all repeats, when sorted).
    ///
    /// - Complexity: O(n).
    mutating func removeDuplicatesFromSorted() {
        var kept = 0
        for index in indices where kept == 0 || self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeLast(count - kept)
    }
}

import ContactsSupport

/// One owner's uploaded numbers: the distinct (number, contact handle) pairs of their book,
/// as two parallel arrays sorted by number, then handle.
///
/// 12 bytes a pair; a contact holding several numbers has one pair each, and a number held by
/// several contacts one pair per contact.
package struct UploadBook: Sendable, Equatable {
    /// The pairs' numbers, ascending (repeated once per contact holding them).
    private(set) var numbers: [UInt64]
    /// The pairs' contact handles, ascending within each number.
    private(set) var contacts: [UInt32]

    /// The empty book.
    init() {
        numbers = []
        contacts = []
    }

    /// A book of the given pairs, already sorted by (number, contact) and distinct.
    init(sortedNumbers: [UInt64], contacts: [UInt32]) {
        assert(sortedNumbers.count == contacts.count)
        self.numbers = sortedNumbers
        self.contacts = contacts
    }

    /// Whether the book holds no pair.
    var isEmpty: Bool { numbers.isEmpty }

    /// The distinct numbers, ascending.
    ///
    /// - Complexity: O(p) for p pairs.
    func distinctNumbers() -> [UInt64] {
        var distinct = [UInt64]()
        distinct.reserveCapacity(numbers.count)
        for number in numbers where number != distinct.last {
            distinct.append(number)
        }
        return distinct
    }

    /// The handles of the contacts holding `number`, ascending.
    ///
    /// - Complexity: O(log p).
    package func contacts(holding number: UInt64) -> IndexList {
        let first = SortedArraySearch.lowerBound(of: number, in: numbers)
        let end = SortedArraySearch.upperBound(of: number, in: numbers[first...])
        return IndexList(contacts[first..<end])
    }

    /// Whether some contact holds `number`.
    ///
    /// - Complexity: O(log p).
    func contains(_ number: UInt64) -> Bool {
        let first = SortedArraySearch.lowerBound(of: number, in: numbers)
        return first < numbers.endIndex && numbers[first] == number
    }

    /// This book without the pairs of the contacts in `replaced`, plus `added`; and the
    /// numbers of the pairs dropped (ascending, with repeats).
    ///
    /// - Parameters:
    ///   - replaced: contact handles, ascending and distinct.
    ///   - added: pairs sorted by (number, contact) and distinct, of contacts in `replaced`.
    /// - Complexity: O(p log r + a) for p pairs, r replaced contacts and a added pairs.
    func replacing(
        _ replaced: [UInt32], with added: [(number: UInt64, contact: UInt32)]
    ) -> (book: UploadBook, dropped: [UInt64]) {
        var merged = UploadBook()
        merged.numbers.reserveCapacity(numbers.count + added.count)
        merged.contacts.reserveCapacity(numbers.count + added.count)
        var dropped = [UInt64]()
        var next = added.startIndex
        for position in numbers.indices {
            let (number, contact) = (numbers[position], contacts[position])
            let slot = SortedArraySearch.lowerBound(of: contact, in: replaced)
            if slot < replaced.endIndex && replaced[slot] == contact {
                dropped.append(number)
                continue
            }
            while next < added.endIndex && (added[next].number, added[next].contact) < (number, contact) {
                merged.append(added[next])
                next += 1
            }
            merged.append((number, contact))
        }
        while next < added.endIndex {
            merged.append(added[next])
            next += 1
        }
        return (merged, dropped)
    }

    private mutating func append(_ pair: (number: UInt64, contact: UInt32)) {
        numbers.append(pair.number)
        contacts.append(pair.contact)
    }

    /// Traps when the pairs are not parallel, not E.164 numbers, or not strictly ascending by
    /// (number, contact). A no-op unless built for debugging.
    ///
    /// - Complexity: O(p) for p pairs, in debug builds.
    func _checkInvariants() {
        #if DEBUG
            precondition(numbers.count == contacts.count, "parallel pairs")
            precondition(numbers.allSatisfy(E164Numbers.contains), "book numbers")
            for position in numbers.indices.dropFirst() {
                precondition(
                    (numbers[position - 1], contacts[position - 1]) < (numbers[position], contacts[position]),
                    "book order")
            }
        #endif
    }

    /// The bytes held, counted by capacity.
    var storageBytes: Int {
        numbers.capacity * MemoryLayout<UInt64>.stride + contacts.capacity * MemoryLayout<UInt32>.stride
    }
}

import ContactsSupport

extension UploadIndex {
    /// Builds an index book by book, as a store's load yields each owner's contacts together:
    /// each book's pairs are sorted on their own as it comes, and the reverse side is built once
    /// at the end from each book's distinct numbers.
    ///
    /// ```swift
    /// var builder = UploadIndex.Builder()
    /// var pairs: [(number: UInt64, contact: UInt32)] = [(14155552671, 0)]
    /// try builder.addBook(of: 9, pairs: &pairs)
    /// let uploads = try builder.build(seed: 42)
    /// uploads.holders(of: 14155552671)   // [9]
    /// ```
    ///
    /// Until built it holds, beside the books it made, 12 bytes per distinct (number, owner)
    /// pair; the build then needs as many again for the reverse side it keeps, and nothing else.
    package struct Builder: Sendable {
        private var books: [UInt32: UploadBook] = [:]
        /// The reverse side's pairs so far: each book's distinct numbers and its owner.
        private var reverseNumbers: [UInt64] = []
        private var reverseOwners: [UInt32] = []

        /// A builder of no book yet.
        package init() {}

        /// Adds `owner`'s book of `pairs` (a contact handle holding a number), in any order;
        /// repeated pairs collapse, and `pairs` is left sorted by (number, contact). An owner
        /// without pairs has no book.
        ///
        /// - Throws: ``MatchingError/numberOutOfRange(_:)`` naming the first bad number, or
        ///   ``MatchingError/ownerRepeated(_:)`` when `owner` has a book already; nothing is
        ///   added.
        /// - Complexity: O(p) for p pairs (radix sorts).
        package mutating func addBook(of owner: UInt32, pairs: inout [(number: UInt64, contact: UInt32)])
            throws(MatchingError)
        {
            guard books[owner] == nil else { throw .ownerRepeated(owner) }
            var union: UInt64 = 0
            for pair in pairs {
                try E164Numbers.validate(pair.number)
                union |= pair.number
            }
            guard !pairs.isEmpty else { return }
            // A load lists a book's pairs by contact already; a stable sort on the number then
            // orders them by (number, contact).
            if zip(pairs, pairs.dropFirst()).contains(where: { $0.contact > $1.contact }) {
                RadixSort.sort(&pairs, byBits: 0..<32) { UInt64($0.contact) }
            }
            RadixSort.sort(&pairs, byBits: RadixSort.bitsInUse(union: union)) { $0.number }
            var numbers = [UInt64]()
            var contacts = [UInt32]()
            // Held as long as the book: sized once (to the pairs, repeats included), not grown.
            numbers.reserveCapacity(pairs.count)
            contacts.reserveCapacity(pairs.count)
            for pair in pairs where numbers.last != pair.number || contacts.last != pair.contact {
                if numbers.last != pair.number {
                    reverseNumbers.append(pair.number)
                    reverseOwners.append(owner)
                }
                numbers.append(pair.number)
                contacts.append(pair.contact)
            }
            books[owner] = UploadBook(sortedNumbers: numbers, contacts: contacts)
        }

        /// The index of every book added, its reverse side keyed by `hasher`; the builder is
        /// left empty (its pairs freed once the reverse side is built).
        ///
        /// - Throws: ``MatchingError/capacityExceeded(limit:)`` past the reverse side's limit;
        ///   the builder is left empty all the same.
        /// - Complexity: O(n) hashes and moves for n distinct (number, owner) pairs, plus sorting
        ///   within buckets (``HashedPhoneMultimap``'s bulk build).
        package mutating func build(hasher: some PhoneKeyHasher) throws(MatchingError) -> UploadIndex {
            var index = UploadIndex(hasher: hasher)
            index.books = books
            let (numbers, owners) = (reverseNumbers, reverseOwners)
            self = Builder()
            index.owners = try HashedPhoneMultimap(
                numbers: numbers, payloads: owners, hasher: hasher, duplicates: .keepAll,
                deltaShare: HashedPhoneMultimap.Constants.uploadDeltaShare)
            return index
        }

        /// The index of every book added, its reverse side keyed by seeded XXH3-64; the builder
        /// is left empty.
        package mutating func build(seed: UInt64) throws(MatchingError) -> UploadIndex {
            try build(hasher: XXH3PhoneKeyHasher(seed: seed))
        }
    }
}

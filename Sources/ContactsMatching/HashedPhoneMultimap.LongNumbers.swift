import ContactsSupport

extension HashedPhoneMultimap {
    /// The entries of numbers too long for a base entry (past ``Base/largestNumber``: some
    /// numbers of 16 digits, all of 17 to 19), kept exactly beside the base: a dictionary
    /// from the number itself to its ascending payloads.
    ///
    /// Such numbers are rare (a few national plans that libphonenumber allows past E.164's 15
    /// digits), so each takes a dictionary slot and a small array rather than every entry of
    /// the base growing past 12 bytes to hold 64-bit numbers. The number is the key, so a
    /// lookup never matches on a hash.
    struct LongNumbers: Sendable, Equatable {
        /// The payloads of each number, ascending, distinct and never empty.
        private var payloadsByNumber: [UInt64: [UInt32]] = [:]
        /// The number of (number, payload) pairs.
        private(set) var count = 0

        /// No entries.
        init() {}

        /// The entries of `numbers[i]` with `payloads[i]`, several payloads of one number
        /// settled as `duplicates` says (in input order: under `.lastWins` the last stays).
        ///
        /// - Complexity: O(n log k) for n entries and at most k payloads a number.
        init(numbers: [UInt64], payloads: [UInt32], duplicates: DuplicatePolicy) {
            assert(numbers.count == payloads.count)
            for (number, payload) in zip(numbers, payloads) {
                switch duplicates {
                case .lastWins: payloadsByNumber[number] = [payload]
                case .keepAll: payloadsByNumber[number, default: []].append(payload)
                }
            }
            if duplicates == .keepAll {
                for number in payloadsByNumber.keys {
                    payloadsByNumber[number]?.sort()
                    payloadsByNumber[number]?.removeDuplicatesFromSorted()
                }
            }
            count = payloadsByNumber.values.reduce(0) { $0 + $1.count }
            _checkInvariants()
        }

        /// Whether no number has an entry.
        var isEmpty: Bool { count == 0 }

        /// The payloads of `number`, ascending (a view of the stored array); empty when none.
        ///
        /// - Complexity: one dictionary lookup (none while there are no long numbers).
        func payloads(of number: UInt64) -> IndexList {
            guard !isEmpty, let payloads = payloadsByNumber[number] else { return IndexList() }
            return IndexList(payloads[...])
        }

        /// The smallest payload of `number`, or nil.
        ///
        /// - Complexity: as ``payloads(of:)``.
        func firstPayload(of number: UInt64) -> UInt32? {
            isEmpty ? nil : payloadsByNumber[number]?.first
        }

        /// Adds `payload` to `number`, which must not hold it.
        ///
        /// - Complexity: one dictionary lookup and O(k) moves for k payloads of the number.
        mutating func insert(_ payload: UInt32, for number: UInt64) {
            defer { _checkInvariants() }
            var payloads = payloadsByNumber.removeValue(forKey: number) ?? []
            let position = SortedArraySearch.lowerBound(of: payload, in: payloads)
            precondition(position == payloads.count || payloads[position] != payload, "inserting a pair already held")
            payloads.insert(payload, at: position)
            payloadsByNumber[number] = payloads
            count += 1
        }

        /// Removes `payload` from `number`, which must hold it.
        ///
        /// - Complexity: as ``insert(_:for:)``.
        mutating func remove(_ payload: UInt32, for number: UInt64) {
            defer { _checkInvariants() }
            var payloads = payloadsByNumber.removeValue(forKey: number) ?? []
            guard let position = SortedArraySearch.firstIndex(of: payload, in: payloads) else {
                preconditionFailure("removing a pair not held")
            }
            payloads.remove(at: position)
            if !payloads.isEmpty { payloadsByNumber[number] = payloads }
            count -= 1
        }

        /// Makes `payload` the only payload of `number` (none when nil); returns the ones it
        /// had.
        ///
        /// - Complexity: one dictionary lookup.
        mutating func replacePayloads(of number: UInt64, with payload: UInt32?) -> IndexList {
            defer { _checkInvariants() }
            let old = payloadsByNumber[number] ?? []
            payloadsByNumber[number] = payload.map { [$0] }
            count += (payload == nil ? 0 : 1) - old.count
            return IndexList(old[...])
        }

        /// The bytes held: the dictionary's slots by capacity and each array's buffer.
        var storageBytes: Int {
            let slot = MemoryLayout<UInt64>.stride + MemoryLayout<[UInt32]>.stride
            return payloadsByNumber.capacity * slot
                + payloadsByNumber.values.reduce(0) { $0 + 32 + $1.capacity * MemoryLayout<UInt32>.stride }
        }

        /// Traps when an entry is broken: a number that fits the base or is not an E.164
        /// number, payloads empty or not strictly ascending, or a count that is not the pairs'.
        /// A no-op unless built for debugging.
        func _checkInvariants() {
            #if DEBUG
                var pairs = 0
                for (number, payloads) in payloadsByNumber {
                    precondition(number > Base.largestNumber && E164Numbers.contains(number), "long number range")
                    precondition(!payloads.isEmpty, "a long number without payloads")
                    precondition(zip(payloads, payloads.dropFirst()).allSatisfy { $0 < $1 }, "payload order")
                    pairs += payloads.count
                }
                precondition(pairs == count, "long number pair count")
            #endif
        }
    }
}

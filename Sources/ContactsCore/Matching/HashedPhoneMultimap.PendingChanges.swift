extension HashedPhoneMultimap {
    /// The delta: every number changed since the last merge with its complete payload list
    /// (ascending, distinct; empty when it lost every payload), and a one-hash Bloom filter
    /// on the numbers' keys in front of the dictionary.
    ///
    /// The filter answers most lookups of unchanged numbers from a few hundred kilobytes at
    /// most (8 bits per pending number at the merge threshold, 0.02 bytes per base entry),
    /// where the dictionary itself would cost a hash of the number and a cache miss.
    struct PendingChanges: Sendable {
        /// The changed numbers and their payload lists.
        private(set) var lists: [UInt64: [UInt32]] = [:]
        /// Bit `key & filterMask` is set for the key of every number in `lists`.
        private var filter: [UInt64]
        private let filterMask: UInt64

        /// An empty delta whose filter suits `capacity` numbers.
        init(capacity: Int) {
            var bits = 64
            while bits < capacity * Constants.pendingFilterBitsPerNumber {
                bits <<= 1
            }
            filter = [UInt64](repeating: 0, count: bits / 64)
            filterMask = UInt64(bits - 1)
        }

        /// The number of changed numbers.
        var count: Int { lists.count }

        /// The bytes held, estimated: a dictionary slot and a small array per number, and the
        /// filter.
        var storageBytes: Int {
            let slot = MemoryLayout<UInt64>.stride + MemoryLayout<[UInt32]>.stride
            let arrayHeader = 32
            var bytes = lists.capacity * slot + filter.capacity * MemoryLayout<UInt64>.stride
            for payloads in lists.values {
                bytes += arrayHeader + payloads.capacity * MemoryLayout<UInt32>.stride
            }
            return bytes
        }

        /// The payload list of `number` (whose key is `key`) when it changed, else nil.
        @inline(__always)
        func payloads(of number: UInt64, key: UInt64) -> [UInt32]? {
            let bit = key & filterMask
            guard filter[Int(truncatingIfNeeded: bit &>> 6)] & (1 &<< (bit & 63)) != 0 else { return nil }
            return lists[number]
        }

        /// Lets `change` edit the payload list of `number` (whose key is `key`) in place,
        /// starting from `unchanged()` when the number has not changed yet; keeps the edit
        /// when `change` reports one, else leaves the delta as it was.
        mutating func modify(
            _ number: UInt64, key: UInt64, unchanged: () -> [UInt32], _ change: (inout [UInt32]) -> Bool
        ) -> Bool {
            let before = lists.count
            guard change(&lists[number, default: unchanged()]) else {
                if lists.count > before {
                    lists[number] = nil
                }
                return false
            }
            mark(key)
            return true
        }

        /// Makes `payloads` the payload list of `number` (whose key is `key`).
        mutating func set(_ payloads: [UInt32], of number: UInt64, key: UInt64) {
            lists[number] = payloads
            mark(key)
        }

        private mutating func mark(_ key: UInt64) {
            let bit = key & filterMask
            filter[Int(truncatingIfNeeded: bit &>> 6)] |= 1 &<< (bit & 63)
        }
    }
}

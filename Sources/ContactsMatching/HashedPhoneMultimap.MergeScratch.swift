extension HashedPhoneMultimap {
    /// The memory a merge works in: the delta's own table, lent by
    /// ``PendingChanges/drainSorted(bucketBits:_:)`` while the delta is emptied.
    ///
    /// A merge's lists (the pending pairs in the base's order, then the changes that do
    /// something, then the insertions left once the removals are done) each hold at most as
    /// many records as the one before, so each is written over the one before, record `i` of
    /// the new list at or before record `i` of the old one, in a table that is at least twice
    /// as long as the delta's pairs. A merge thus allocates nothing but, when the base lacks
    /// room, the base's new buffer: buffers of a merge's own, a few hundred kilobytes each at
    /// 1M users, would come from the kernel as fresh pages, zeroed on first touch (page
    /// faults).
    ///
    /// Every record type is 16 bytes of plain data, the size of a delta's slot; a record is
    /// read as the type its list holds.
    struct MergeScratch {
        /// The bytes of every record type.
        static let recordBytes = 16

        private let start: UnsafeMutableRawPointer
        /// The number of records the memory holds.
        let capacity: Int

        /// Scratch over `memory`: ``recordBytes``-byte records, 8-byte aligned.
        init(_ memory: UnsafeMutableRawBufferPointer) {
            guard let start = memory.baseAddress, Int(bitPattern: start) % 8 == 0 else {
                preconditionFailure("8-byte aligned scratch memory")
            }
            self.start = start
            capacity = memory.count / Self.recordBytes
        }

        /// Record `index`, read or written as a `Record`.
        @inline(__always)
        subscript<Record: BitwiseCopyable>(index: Int, as _: Record.Type) -> Record {
            get {
                assert(MemoryLayout<Record>.stride == Self.recordBytes && index < capacity, "a record")
                return start.load(fromByteOffset: index &* Self.recordBytes, as: Record.self)
            }
            nonmutating set {
                assert(MemoryLayout<Record>.stride == Self.recordBytes && index < capacity, "a record")
                start.storeBytes(of: newValue, toByteOffset: index &* Self.recordBytes, as: Record.self)
            }
        }
    }

    /// One pending pair, as a merge reads it: 16 bytes.
    struct Change: BitwiseCopyable {
        /// The number's word in the base being merged into.
        let word: UInt64
        /// The payload.
        let payload: UInt32
        /// The number's bucket in that base (at most 31 bits) above one bit: whether the pair is
        /// held after the change.
        private let bucketAndState: UInt32

        /// A change of `payload` for the number of `word` in `bucket`.
        init(bucket: UInt32, word: UInt64, payload: UInt32, held: Bool) {
            self.word = word
            self.payload = payload
            bucketAndState = bucket &<< 1 | (held ? 1 : 0)
        }

        /// The number's bucket.
        var bucket: Int { Int(bucketAndState &>> 1) }
        /// Whether the number holds the payload after the change.
        var held: Bool { bucketAndState & 1 != 0 }

        /// Whether `self` comes before `other` in the base's order: by bucket, word, then
        /// payload.
        @inline(__always)
        func precedes(_ other: Change) -> Bool {
            (bucketAndState &>> 1, word, payload) < (other.bucketAndState &>> 1, other.word, other.payload)
        }
    }

    /// A change that does something, where it acts in the base: it inserts the entry of `word`
    /// and `payload` before the entry now at `position`, or, when `word` is 0 (no number's word
    /// is), removes the entry at `position`. 16 bytes.
    struct Placement: BitwiseCopyable {
        /// The inserted entry's word, or 0 for a removal.
        let word: UInt64
        /// The inserted entry's payload (0 for a removal).
        let payload: UInt32
        /// The base position acted at (below 2^32: offsets are `UInt32`).
        private let storedPosition: UInt32

        /// An insertion of `entry` before `position`.
        init(inserting entry: Entry, before position: Int) {
            word = entry.word
            payload = entry.payload
            storedPosition = UInt32(truncatingIfNeeded: position)
        }

        /// A removal of the entry at `position`.
        init(removingAt position: Int) {
            word = 0
            payload = 0
            storedPosition = UInt32(truncatingIfNeeded: position)
        }

        /// The base position acted at.
        var position: Int { Int(storedPosition) }
        /// The entry inserted, or nil for a removal.
        var entry: Entry? { word == 0 ? nil : Entry(word: word, payload: payload) }
    }
}

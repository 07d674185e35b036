import ContactsModel

/// The listings of `fetchContacts` (PROTOCOL §2) in slot order, read off the slots' flags: a
/// slot is listed under a ``FetchFieldType`` when it is live and has that field (every live
/// slot under `any`). Each block of ``FoldedTextStore/listingBlockSlots`` slots counts its
/// listed slots, so the slot at any rank of a listing is found by adding block counts and then
/// testing one block's flags eight at a time, never by walking the ranks before it.
///
/// ```swift
/// let phones = store.listing(.phone, below: baseSlotCount)
/// phones.count                       // base slots with a phone
/// phones.slot(atRank: 10_000)        // the 10,001st of them
/// phones.forEach(fromRank: 10_000) { slot in …; return true }
/// ```
extension FoldedTextStore {
    /// Slots per block of the listing counts (a block's flags are 64 words of 8).
    package static let listingBlockSlots = 512
    /// The log2 of ``listingBlockSlots``: a slot's block is its index shifted right by it.
    static let blockShift = 9
    /// Bit 0 of every byte of a word.
    private static let lowBits: UInt64 = 0x0101_0101_0101_0101

    /// The slots below `end` listed under `listing`, ascending.
    ///
    /// - Complexity: O(end / 512 + 64): the block counts added up.
    package func listing(_ listing: FetchFieldType, below end: Int) -> Listing {
        Listing(store: self, lane: listing.lane, end: min(end, count))
    }

    /// One listing of a store's slots below an end: a ranked list entered at any rank.
    package struct Listing: RankedSlots {
        private let flags: [UInt8]
        private let blockCounts: [SIMD4<UInt16>]
        /// The rank of the first listed slot of each block below the end, and then the count:
        /// added up once, so that every rank is found by binary search.
        private let blockRanks: [Int]
        private let lane: Int
        private let end: Int
        package var count: Int { blockRanks[blockRanks.count - 1] }

        init(store: FoldedTextStore, lane: Int, end: Int) {
            flags = store.flags
            blockCounts = store.listingCounts
            self.lane = lane
            self.end = end
            let fullBlocks = end >> FoldedTextStore.blockShift
            var ranks: [Int] = []
            ranks.reserveCapacity(fullBlocks + 2)
            var total = 0
            for block in 0..<fullBlocks {
                ranks.append(total)
                total += Int(store.listingCounts[block][lane])
            }
            let tail = fullBlocks << FoldedTextStore.blockShift
            if tail < end {
                ranks.append(total)
                total += store.flags.withUnsafeBufferPointer { flags in
                    var counted = 0
                    for offset in stride(from: tail, to: end, by: 8) {
                        counted += FoldedTextStore.listedBits(flags, at: offset, end: end, lane: lane).nonzeroBitCount
                    }
                    return counted
                }
            }
            ranks.append(total)
            blockRanks = ranks
        }

        /// The listed slot at `rank` (0 is the first).
        ///
        /// - Complexity: O(log(end / 512) + 64).
        package func slot(atRank rank: Int) -> UInt32 {
            precondition(rank >= 0 && rank < count, "a rank within the listing")
            // The last block whose first rank is at most `rank`.
            var low = 0
            var high = blockRanks.count - 1
            while high - low > 1 {
                let middle = (low + high) >> 1
                if blockRanks[middle] <= rank { low = middle } else { high = middle }
            }
            var remaining = rank - blockRanks[low]
            return flags.withUnsafeBufferPointer { flags in
                var offset = low << FoldedTextStore.blockShift
                while true {
                    var bits = FoldedTextStore.listedBits(flags, at: offset, end: end, lane: lane)
                    let listed = bits.nonzeroBitCount
                    if listed > remaining {
                        for _ in 0..<remaining { bits &= bits - 1 }
                        return UInt32(offset + bits.trailingZeroBitCount >> 3)
                    }
                    remaining -= listed
                    offset += 8
                }
            }
        }

        /// Calls `body` with the listed slots from rank `rank` on, ascending, until it returns
        /// false; blocks without a listed slot are skipped by their count.
        ///
        /// - Complexity: O(log(end / 512) + 64) to reach the rank, then O(1) a slot plus the
        ///   blocks and words passed.
        package func forEach(fromRank rank: Int, _ body: (UInt32) -> Bool) {
            guard rank < count else { return }
            let first = Int(slot(atRank: max(0, rank)))
            flags.withUnsafeBufferPointer { flags in
                // Words aligned to 8 slots (and so to blocks); the slots before `first` masked.
                var offset = first & ~7
                var mask: UInt64 = ~0 << UInt64(8 * (first & 7))
                while offset < end {
                    let block = offset >> FoldedTextStore.blockShift
                    if blockCounts[block][lane] == 0 {
                        offset = (block + 1) << FoldedTextStore.blockShift
                        continue
                    }
                    let blockEnd = min(end, (block + 1) << FoldedTextStore.blockShift)
                    while offset < blockEnd {
                        var bits = FoldedTextStore.listedBits(flags, at: offset, end: end, lane: lane) & mask
                        mask = ~0
                        while bits != 0 {
                            guard body(UInt32(offset + bits.trailingZeroBitCount >> 3)) else { return }
                            bits &= bits - 1
                        }
                        offset += 8
                    }
                }
            }
        }
    }

    /// Bit `8i` set for each byte `i` of the 8 flags from `offset` whose slot is listed in
    /// `lane` (live, and with the lane's field: its flag is bit `lane`); flags at or past `end`
    /// count as unlisted.
    @inline(__always)
    private static func listedBits(_ flags: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int, lane: Int) -> UInt64 {
        var word: UInt64 = 0
        if offset + 8 <= end, let base = flags.baseAddress {
            word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        } else {
            for index in offset..<min(end, offset + 8) { word |= UInt64(flags[index]) << UInt64(8 * (index - offset)) }
        }
        return word & (word >> UInt64(lane)) & lowBits
    }

    /// The lanes of a slot with flags `raw`: 1 in each listing it is in.
    @inline(__always)
    private static func lanes(of raw: UInt8) -> SIMD4<UInt16> {
        let live = UInt16(raw & 1)
        return SIMD4(live, live & UInt16(raw >> 1 & 1), live & UInt16(raw >> 2 & 1), live & UInt16(raw >> 3 & 1))
    }

    /// Counts `slot` (its current flags) in, or out of, its block's listings.
    mutating func countListings(of slot: Int, adding: Bool) {
        let block = slot >> Self.blockShift
        while listingCounts.count <= block { listingCounts.append(.zero) }
        let lanes = Self.lanes(of: flags[slot])
        if adding { listingCounts[block] &+= lanes } else { listingCounts[block] &-= lanes }
    }

    /// Counts the listings again from the block of `slot` on (slots from there were replaced or
    /// appended).
    mutating func countListings(from slot: Int) {
        let firstBlock = slot >> Self.blockShift
        listingCounts.removeSubrange(min(firstBlock, listingCounts.count)...)
        let blocks = (flags.count + Self.listingBlockSlots - 1) >> Self.blockShift
        listingCounts.reserveCapacity(blocks)
        flags.withUnsafeBufferPointer { flags in
            for block in firstBlock..<max(firstBlock, blocks) {
                var counts = SIMD4<UInt16>.zero
                for index in block << Self.blockShift..<min(flags.count, (block + 1) << Self.blockShift) {
                    counts &+= Self.lanes(of: flags[index])
                }
                listingCounts.append(counts)
            }
        }
    }
}

extension FetchFieldType {
    /// This listing's lane in ``FoldedTextStore``'s listing counts, which is also the bit of its
    /// field's flag (``FoldedContact/Flags``; 0, the live bit, for `any`).
    package var lane: Int {
        switch self {
        case .any: 0
        case .phone: 1
        case .email: 2
        case .notes: 3
        }
    }

    /// The flags of a slot listed under this type.
    package var requiredFlags: FoldedContact.Flags {
        FoldedContact.Flags(rawValue: 1 | 1 << UInt8(lane))
    }
}

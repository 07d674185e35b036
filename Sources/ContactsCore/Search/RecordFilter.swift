import CPrefetch

/// Keeps the members of a slot set whose record passes a test, for records laid back to back
/// in one byte array (record `i` is `bytes[starts[i] ..< starts[i + 1]]`): the contacts of the
/// folded text store, the values of a value dictionary.
///
/// Members lie anywhere in the array, so a loop testing one record before reading the next
/// waits for each one's cache misses in turn (two: its start, then its bytes). Here, while
/// the member in hand is tested, the start of the member ``lookahead`` × 2 places on and the
/// bytes of the one ``lookahead`` places on (whose start arrived meanwhile) are prefetched, so
/// the misses of many members overlap.
enum RecordFilter {
    /// How many members ahead a record's bytes are prefetched.
    static let lookahead = 8
    /// Bytes prefetched from a record's start: two cache lines, a whole contact's record
    /// in most cases.
    private static let prefetchedBytes = 128

    /// The members of `slots` whose record passes `isIncluded`, as a set over the same
    /// universe.
    ///
    /// - Complexity: O(n) tests for n members.
    static func filter(
        _ slots: SlotSet, starts: UnsafeBufferPointer<Int>, bytes: UnsafeBufferPointer<UInt8>,
        where isIncluded: (UInt32) -> Bool
    ) -> SlotSet {
        var members: [UInt32] = []
        members.reserveCapacity(slots.count)
        slots.forEach { members.append($0) }
        var kept: [UInt32] = []
        if let startBase = starts.baseAddress, let byteBase = bytes.baseAddress {
            for (position, slot) in members.enumerated() {
                if position + 2 * lookahead < members.count {
                    contacts_prefetch(startBase + Int(members[position + 2 * lookahead]))
                }
                if position + lookahead < members.count {
                    let start = byteBase + starts[Int(members[position + lookahead])]
                    for offset in stride(from: 0, to: prefetchedBytes, by: 64) {
                        contacts_prefetch(start + offset)
                    }
                }
                if isIncluded(slot) { kept.append(slot) }
            }
        }
        return SlotSet(sorted: kept, universe: slots.universe).normalized()
    }
}

import CPrefetch
import ContactsModel
import ContactsSupport

/// Keeps the members of a slot set whose record passes a test, for records laid back to back
/// in one byte array (record `i` is `bytes[starts[i] ..< starts[i + 1]]`): the contacts of the
/// folded text store, the values of a value dictionary.
///
/// Members lie anywhere in the array, so a loop testing one record before reading the next
/// waits for each one's cache misses in turn (two: its start, then its bytes). Prefetching a
/// fixed distance ahead in the same loop does not help much: the start must arrive before its
/// bytes can be asked for, and a test is too short to cover that wait. So members are taken in
/// batches of ``batch``, each in three passes: prefetch every member's start, then (the starts
/// arriving) every member's bytes, then test them all. The misses of a whole batch overlap.
package enum RecordFilter {
    /// Members per batch: enough misses in flight to keep a core's line fill buffers busy in
    /// both prefetch passes, few enough that a batch's records stay in the first-level cache.
    package static let batch = 32
    /// Bytes prefetched from a record's start: two cache lines, a whole contact's record
    /// in most cases.
    private static let prefetchedBytes = 128

    /// The members of `slots` whose record passes `isIncluded`, as a set over the same
    /// universe.
    ///
    /// - Complexity: O(n) tests for n members.
    package static func filter(
        _ slots: SlotSet, starts: some RecordStarts, bytes: UnsafeBufferPointer<UInt8>,
        where isIncluded: (UInt32) -> Bool
    ) -> SlotSet {
        var members: [UInt32] = []
        members.reserveCapacity(slots.count)
        slots.forEach { members.append($0) }
        var kept: [UInt32] = []
        if let byteBase = bytes.baseAddress {
            for batchStart in stride(from: 0, to: members.count, by: batch) {
                let batchMembers = members[batchStart..<min(batchStart + batch, members.count)]
                for slot in batchMembers {
                    starts.prefetchStart(of: Int(slot))
                }
                for slot in batchMembers {
                    let start = byteBase + starts[Int(slot)]
                    for offset in stride(from: 0, to: prefetchedBytes, by: 64) {
                        contacts_prefetch(start + offset)
                    }
                }
                for slot in batchMembers where isIncluded(slot) {
                    kept.append(slot)
                }
            }
        }
        return SlotSet(sorted: kept, universe: slots.universe).normalized()
    }
}

/// Where the records of a byte array start, by position, as ``RecordFilter`` reads them.
package protocol RecordStarts {
    /// The offset where record `position` starts.
    subscript(position: Int) -> Int { get }
    /// Asks the processor to bring the start of record `position` into the cache.
    func prefetchStart(of position: Int)
}

extension RecordOffsets: RecordStarts {}

extension UnsafeBufferPointer<Int>: RecordStarts {
    @inline(__always)
    package func prefetchStart(of position: Int) {
        if let base = baseAddress { contacts_prefetch(base + position) }
    }
}

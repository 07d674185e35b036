import CPrefetch
import ContactsSupport

/// Contacts in their packed form: one record each (``PackedRecord``: id, normalized numbers,
/// and the body in the one binary form of ``ContactCodec``), back to back in one byte arena,
/// each in a small integer *slot*, with a table from id to slot. A ``Contact`` value is made
/// only when one is asked for (the contacts of a page).
///
/// ```swift
/// var contacts = PackedContacts()
/// let slot = contacts.put(Contact(id: "c1", givenName: "Ana"), numbers: [34_612_345_678]).slot
/// contacts.slot(of: "c1")              // slot
/// contacts.contact(at: slot, ownerId: "u1").givenName   // "Ana"
/// ```
///
/// Slots are handed out in order and never reused: a replaced contact keeps its slot (its new
/// record is appended, the old one becomes garbage, reclaimed when garbage is half the arena);
/// a removed one leaves its slot dead. Ids are compared by bytes.
///
/// A value type: copies share storage until written; reads are safe from any number of
/// threads at once.
package struct PackedContacts: Sendable {
    /// Every record, back to back (with garbage between them once contacts are replaced).
    private var arena: [UInt8] = []
    /// Where each slot's record starts in `arena`.
    private var starts = RecordOffsets()
    /// The slot of each live id.
    private var ids = ContactIDTable()
    /// Bit `s` set when slot `s` is dead (empty until a contact is removed).
    private var deadSlots: [UInt64] = []
    /// Bytes of `arena` no slot points to.
    private var garbageBytes = 0

    /// Garbage is reclaimed once it is this share (1 / n) of the arena…
    private static let garbageDivisor = 2
    /// …and at least this many bytes.
    private static let minimumGarbage = 1 << 16

    /// No contacts.
    package init() {}

    /// The live contacts of `source` in the slots `order` lists, renumbered `0..<order.count`
    /// in that order (records laid out in it too, so that reading them in slot order reads the
    /// arena in order).
    ///
    /// - Precondition: `order` lists live slots of `source`, each once.
    /// - Complexity: O(n) in the bytes copied, plus one hash per id.
    package init(_ source: PackedContacts, inOrder order: some Collection<UInt32>) {
        source.arena.withUnsafeBufferPointer { arena in
            var length = 0
            for slot in order { length += source.recordEnd(of: slot, in: arena) - source.starts[Int(slot)] }
            self.arena.reserveCapacity(length)
            for slot in order {
                let start = source.starts[Int(slot)]
                starts.append(self.arena.count)
                self.arena.append(contentsOf: arena[start..<source.recordEnd(of: slot, in: arena)])
            }
        }
        if order.count == source.count {
            // Every live contact kept: the id table only needs its slots renumbered.
            var newSlot = [UInt32](repeating: 0, count: source.slotCount)
            for (position, slot) in order.enumerated() { newSlot[Int(slot)] = UInt32(position) }
            ids = source.ids.renumbered(newSlot)
            return
        }
        arena.withUnsafeBufferPointer { arena in
            let records = Records(arena: arena, starts: starts)
            for slot in 0..<UInt32(starts.count) {
                ids.insertNew(slot, id: records.idBytes(of: slot)) { records.idBytes(of: $0) }
            }
        }
    }

    /// The number of live contacts.
    package var count: Int { ids.count }

    /// The number of slots handed out (live and dead).
    package var slotCount: Int { starts.count }

    /// The slot of the contact with `id`, if any.
    ///
    /// - Complexity: O(1) on average: one hash, and one id compare per probe.
    package func slot(of id: String) -> UInt32? {
        withUTF8(of: id) { id in
            withRecords { records in
                ids.slot(of: id.assumingMemoryBound(to: UInt8.self)) { records.idBytes(of: $0) }
            }
        }
    }

    /// True when `slot` holds a contact (it was handed out and not removed).
    package func isLive(_ slot: UInt32) -> Bool {
        Int(slot) < starts.count && !isDead(slot)
    }

    private func isDead(_ slot: UInt32) -> Bool {
        Int(slot >> 6) < deadSlots.count && deadSlots[Int(slot >> 6)] & 1 << UInt64(slot & 63) != 0
    }

    /// Adds `contact` with `numbers` (its phones, normalized), or replaces the contact with
    /// its id; returns its slot and whether the id was new.
    ///
    /// - Complexity: O(n) in the contact's encoded size, amortized.
    @discardableResult
    package mutating func put(_ contact: Contact, numbers: [UInt64] = []) -> (slot: UInt32, isNew: Bool) {
        let start = arena.count
        Self.appendRecord(contact, numbers: numbers, to: &arena)
        return place(recordAt: start)
    }

    /// Adds the contact at `index` of `batch` with `numbers`, or replaces the contact with its
    /// id; returns its slot and whether the id was new. Its body is copied as `batch` encoded it.
    ///
    /// - Complexity: O(n) in the contact's encoded size, amortized.
    @discardableResult
    package mutating func put(_ batch: EncodedContacts, at index: Int, numbers: [UInt64]) -> (
        slot: UInt32, isNew: Bool
    ) {
        let start = arena.count
        Self.appendRecord(batch, at: index, numbers: numbers, to: &arena)
        return place(recordAt: start)
    }

    /// Adds the contact at `index` of `batch`, whose id no contact here has, with `numbers`;
    /// returns its slot. Its body is copied as `batch` encoded it.
    ///
    /// - Precondition: no live contact has its id (the caller knows its ids distinct).
    /// - Complexity: O(n) in the contact's encoded size, amortized.
    package mutating func append(_ batch: EncodedContacts, at index: Int, numbers: [UInt64]) -> UInt32 {
        let start = arena.count
        Self.appendRecord(batch, at: index, numbers: numbers, to: &arena)
        let slot = UInt32(starts.count)
        starts.append(start)
        arena.withUnsafeBufferPointer { arena in
            let records = Records(arena: arena, starts: starts)
            ids.insertNew(slot, id: records.idBytes(of: slot)) { records.idBytes(of: $0) }
        }
        return slot
    }

    /// Adds or replaces the contact `id` whose body, in the one binary form, is `body` (as a
    /// store keeps it, format 2; checked here), with `numbers`; returns its slot.
    ///
    /// - Throws: ``BinaryFormatError`` when `body` is not exactly one well-formed body.
    /// - Complexity: O(n) in the body's size: it is checked and copied, not decoded.
    @discardableResult
    package mutating func put(
        id: String, body: UnsafeRawBufferPointer, numbers: [UInt64]
    ) throws(BinaryFormatError) -> (slot: UInt32, isNew: Bool) {
        let length = try ContactCodec.validatedBodyLength(body, section: "contact \(id)")
        guard length == body.count else { throw .corrupt("bytes after the body of contact \(id)") }
        let start = arena.count
        Self.appendHead(id: id, numbers: numbers, to: &arena)
        arena.append(contentsOf: body)
        return place(recordAt: start)
    }

    /// Removes the contact `id`; returns its (now dead) slot, or nil when there is none.
    ///
    /// - Complexity: O(1) on average.
    @discardableResult
    package mutating func remove(id: String) -> UInt32? {
        let removed = withUTF8(of: id) { id in
            arena.withUnsafeBufferPointer { arena in
                let records = Records(arena: arena, starts: starts)
                return ids.remove(id.assumingMemoryBound(to: UInt8.self)) { records.idBytes(of: $0) }
            }
        }
        guard let removed else { return nil }
        if deadSlots.isEmpty { deadSlots = [UInt64](repeating: 0, count: (starts.count + 63) >> 6) }
        while deadSlots.count < (starts.count + 63) >> 6 { deadSlots.append(0) }
        deadSlots[Int(removed >> 6)] |= 1 << UInt64(removed & 63)
        garbageBytes += recordLength(at: removed)
        reclaimGarbageIfLarge()
        return removed
    }

    /// The contact in `slot` (live), owned by `ownerId`.
    ///
    /// - Complexity: O(n) in its encoded size.
    package func contact(at slot: UInt32, ownerId: String = "") -> Contact {
        withRecord(at: slot) { $0?.contact(ownerId: ownerId) } ?? Contact(id: "")
    }

    /// The contacts in `slots` (live), in that order, owned by `ownerId`: their records are
    /// asked of the processor all at once before the first is decoded, so that the cache
    /// misses of a page's scattered records overlap.
    ///
    /// - Complexity: O(n) in their encoded size.
    package func contacts(at slots: [UInt32], ownerId: String = "") -> [Contact] {
        withRecords { records in
            for slot in slots { records.prefetch(slot) }
            return slots.map { records.record(at: $0)?.contact(ownerId: ownerId) ?? Contact(id: "") }
        }
    }

    /// The id of the contact in `slot`.
    package func id(at slot: UInt32) -> String {
        withRecords { String(decoding: $0.idBytes(of: slot), as: UTF8.self) }
    }

    /// The numbers of the contact in `slot`, as put.
    package func numbers(at slot: UInt32) -> [UInt64] {
        withRecord(at: slot) { $0?.numberValues } ?? []
    }

    /// Calls `body` with the record of `slot` (nil for a slot never handed out).
    package func withRecord<R>(at slot: UInt32, _ body: (PackedRecord?) -> R) -> R {
        withRecords { body($0.record(at: slot)) }
    }

    /// Calls `body` with read access to every record, for reading many of them at once.
    package func withRecords<R>(_ body: (Records) -> R) -> R {
        arena.withUnsafeBufferPointer { arena in body(Records(arena: arena, starts: starts)) }
    }

    /// The bytes held: the arena, the offsets, the id table and the dead-slot bits.
    package var byteCount: Int {
        let parts = byteCounts
        return parts.arena + parts.offsets + parts.ids + parts.deadSlots
    }

    /// The bytes held, by part: the arena (by capacity) and of it the records' bytes in use,
    /// the record offsets, the id table and the dead-slot bits.
    package var byteCounts: (arena: Int, records: Int, offsets: Int, ids: Int, deadSlots: Int) {
        (arena.capacity, arena.count - garbageBytes, starts.byteCount, ids.byteCount, deadSlots.capacity * 8)
    }

    /// Read access to the records, valid inside ``withRecords(_:)``.
    package struct Records {
        package let arena: UnsafeBufferPointer<UInt8>
        package let starts: RecordOffsets

        /// The record of `slot`, nil for a slot never handed out.
        @inline(__always)
        package func record(at slot: UInt32) -> PackedRecord? {
            guard Int(slot) < starts.count else { return nil }
            return PackedRecord(arena, at: starts[Int(slot)])
        }

        /// The id bytes of `slot` (empty for a slot never handed out).
        @inline(__always)
        package func idBytes(of slot: UInt32) -> UnsafeBufferPointer<UInt8> {
            guard Int(slot) < starts.count else { return UnsafeBufferPointer(rebasing: arena[0..<0]) }
            var cursor = PackedBody.Cursor(bytes: arena, offset: starts[Int(slot)], limit: arena.count)
            guard let id = cursor.string() else { return UnsafeBufferPointer(rebasing: arena[0..<0]) }
            return UnsafeBufferPointer(rebasing: arena[id])
        }

        /// Asks the processor to bring `slot`'s record start into the cache.
        @inline(__always)
        package func prefetch(_ slot: UInt32) {
            guard Int(slot) < starts.count, let base = arena.baseAddress else { return }
            contacts_prefetch(base + starts[Int(slot)])
        }
    }

    /// Points the id of the record just appended at `start` to a slot: its old slot (the old
    /// record becomes garbage), else a new one.
    private mutating func place(recordAt start: Int) -> (slot: UInt32, isNew: Bool) {
        let next = UInt32(starts.count)
        let (slot, isNew) = arena.withUnsafeBufferPointer { arena in
            let records = Records(arena: arena, starts: starts)
            var cursor = PackedBody.Cursor(bytes: arena, offset: start, limit: arena.count)
            let id = UnsafeBufferPointer(rebasing: arena[cursor.string() ?? 0..<0])
            return ids.insert(next, id: id) { slot in
                slot == next ? id : records.idBytes(of: slot)
            }
        }
        if isNew {
            starts.append(start)
        } else {
            garbageBytes += recordLength(at: slot)
            starts[Int(slot)] = start
            reclaimGarbageIfLarge()
        }
        return (slot, isNew)
    }

    /// Where the record of the live slot `slot` ends in `arena` (this one's): without garbage
    /// the records lie back to back in slot order (appended so, or compacted so; a dead slot's
    /// is empty), so it ends where the next slot's starts; else it is read.
    private func recordEnd(of slot: UInt32, in arena: UnsafeBufferPointer<UInt8>) -> Int {
        guard garbageBytes > 0 else { return Int(slot) + 1 < starts.count ? starts[Int(slot) + 1] : arena.count }
        return PackedRecord(arena, at: starts[Int(slot)])?.end ?? starts[Int(slot)]
    }

    /// The bytes of the record of `slot`.
    private func recordLength(at slot: UInt32) -> Int {
        withRecord(at: slot) { record in record.map { $0.end - starts[Int(slot)] } ?? 0 }
    }

    /// Rewrites the arena without its garbage when garbage is a large share of it.
    private mutating func reclaimGarbageIfLarge() {
        guard garbageBytes >= Self.minimumGarbage, garbageBytes * Self.garbageDivisor >= arena.count else { return }
        compactArena()
    }

    /// Rewrites the arena without its garbage, at its exact size.
    private mutating func compactArena() {
        var compact: [UInt8] = []
        compact.reserveCapacity(arena.count - garbageBytes)
        var moved = RecordOffsets()
        moved.reserveCapacity(starts.count)
        arena.withUnsafeBufferPointer { arena in
            for slot in 0..<UInt32(starts.count) {
                let start = starts[Int(slot)]
                moved.append(compact.count)
                guard !isDead(slot), let record = PackedRecord(arena, at: start) else { continue }
                compact.append(contentsOf: arena[start..<record.end])
            }
        }
        arena = compact
        starts = moved
        garbageBytes = 0
    }

    /// True when `additional` more contacts of about `bytes` encoded bytes in all can be put
    /// without any of the storage growing (a replaced contact's old record may still be
    /// reclaimed, which rewrites the arena).
    ///
    /// - Complexity: O(1).
    package func hasRoom(forAdding additional: Int, bytes: Int) -> Bool {
        arena.hasRoom(forAdding: bytes) && starts.hasRoom(forAdding: additional) && ids.hasRoom(forAdding: additional)
    }

    /// Gives the storage room for `additional` more contacts of about `bytes` encoded bytes in
    /// all, where it has less: each part at least doubled (see `Array.reserveRoom(forAdding:)`),
    /// the id table rehashed. Grown so off a lock, the puts under it copy nothing.
    ///
    /// - Complexity: O(n) in the bytes held when the arena grows, plus one hash per id when
    ///   the id table grows; O(1) when the room is there.
    package mutating func reserveRoom(forAdding additional: Int, bytes: Int) {
        arena.reserveRoom(forAdding: bytes)
        starts.reserveRoom(forAdding: additional)
        deadSlots.reserveRoom(forAdding: 0)
        arena.withUnsafeBufferPointer { arena in
            let records = Records(arena: arena, starts: starts)
            ids.reserveRoom(forAdding: additional) { records.idBytes(of: $0) }
        }
    }

    /// Gives back what the contacts hold beyond their need: the arena without garbage and at
    /// its exact size, the record offsets at theirs, and the id table at the fewest entries its
    /// load limit allows. Appending grows each of them by doubling, so a book just loaded or
    /// just given a large batch would otherwise keep up to half of each unused. The next put
    /// grows them again.
    ///
    /// - Complexity: O(n) in the bytes held, plus one hash per id.
    package mutating func shrinkToFit() {
        if garbageBytes > 0 {
            compactArena()
        } else {
            if arena.capacity > arena.count { arena = arena.withUnsafeBufferPointer { Array($0) } }
            starts.shrinkToFit()
        }
        arena.withUnsafeBufferPointer { arena in
            let records = Records(arena: arena, starts: starts)
            ids.shrinkToFit { records.idBytes(of: $0) }
        }
        if deadSlots.capacity > deadSlots.count { deadSlots = deadSlots.withUnsafeBufferPointer { Array($0) } }
    }

    /// Appends the record of `contact` with `numbers`.
    private static func appendRecord(_ contact: Contact, numbers: [UInt64], to output: inout [UInt8]) {
        appendHead(id: contact.id, numbers: numbers, to: &output)
        ContactCodec.appendBody(contact, to: &output)
    }

    /// Appends the record of the contact at `index` of `batch` with `numbers`.
    private static func appendRecord(
        _ batch: EncodedContacts, at index: Int, numbers: [UInt64], to output: inout [UInt8]
    ) {
        appendHead(id: batch.contacts[index].id, numbers: numbers, to: &output)
        batch.withBody(at: index) { output.append(contentsOf: $0) }
    }

    /// Appends what a record holds before its body: the id, then the numbers.
    private static func appendHead(id: String, numbers: [UInt64], to output: inout [UInt8]) {
        withUTF8(of: id) { id in
            Varint.append(UInt64(id.count), to: &output)
            output.append(contentsOf: id)
        }
        Varint.append(UInt64(numbers.count), to: &output)
        for number in numbers { Varint.append(number, to: &output) }
    }
}

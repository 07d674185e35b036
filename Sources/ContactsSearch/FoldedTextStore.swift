import ContactsModel
import ContactsSupport

/// The folded text of every slot in one byte array: what candidates are confirmed against
/// and what ranking compares.
///
/// A slot's record is four varints (the byte lengths of the name, the organization, the
/// emails and the notes) then `name 0xFF organization emails notes phoneDigits`; the record
/// ends where the next one starts. The name and the organization sit side by side with a
/// separator, so the `name` field is searched in one pass.
package struct FoldedTextStore: Sendable {
    /// Every record, back to back.
    private(set) var bytes: [UInt8] = []
    /// Where each slot's record starts; one more entry than slots.
    private(set) var recordStarts: RecordOffsets = {
        var starts = RecordOffsets()
        starts.append(0)
        return starts
    }()
    /// The ``FoldedContact/Flags`` of each slot.
    private(set) var flags: [UInt8] = []
    /// How many slots of each listing (``FetchFieldType``, lane ``FetchFieldType/lane``) each
    /// block of ``listingBlockSlots`` slots holds: what a listing's rank is counted with
    /// (``listing(_:below:)``).
    var listingCounts: [SIMD4<UInt16>] = []

    /// The number of slots.
    package var count: Int { flags.count }

    /// An empty store.
    package init() {}

    /// A store from its arrays (read back from a file; the caller has validated them).
    package init(bytes: [UInt8], recordStarts: [Int], flags: [UInt8]) {
        self.bytes = bytes
        self.recordStarts = RecordOffsets()
        for start in recordStarts { self.recordStarts.append(start) }
        self.flags = flags
        countListings(from: 0)
    }

    /// The records of `slots` of `source`, in that order, as slots `0..<slots.count`.
    ///
    /// - Complexity: O(n) in the bytes copied.
    package init(_ source: FoldedTextStore, slots: some Collection<Int>) {
        bytes.reserveCapacity(slots.reduce(0) { $0 + source.recordStarts[$1 + 1] - source.recordStarts[$1] })
        flags.reserveCapacity(slots.count)
        recordStarts.reserveCapacity(slots.count + 1)
        for slot in slots {
            bytes.append(contentsOf: source.bytes[source.recordStarts[slot]..<source.recordStarts[slot + 1]])
            recordStarts.append(bytes.count)
            flags.append(source.flags[slot])
        }
        countListings(from: 0)
    }

    /// The record offsets, as the saved form writes them.
    package var recordStartValues: [Int] { (0..<recordStarts.count).map { recordStarts[$0] } }

    /// Appends `record` as the next slot.
    package mutating func append(_ record: FoldedContact) {
        Varint.append(UInt64(record.name.count), to: &bytes)
        Varint.append(UInt64(record.organization.count), to: &bytes)
        Varint.append(UInt64(record.emails.count), to: &bytes)
        Varint.append(UInt64(record.notes.count), to: &bytes)
        bytes.append(contentsOf: record.name)
        bytes.append(TextSeparator.byte)
        bytes.append(contentsOf: record.organization)
        bytes.append(contentsOf: record.emails)
        bytes.append(contentsOf: record.notes)
        bytes.append(contentsOf: record.phoneDigits)
        recordStarts.append(bytes.count)
        flags.append(record.flags.rawValue)
        countListings(of: flags.count - 1, adding: true)
    }

    /// True when `additional` more records of about `bytes` folded bytes in all can be
    /// appended without any of the storage growing.
    ///
    /// - Complexity: O(1).
    package func hasRoom(forAdding additional: Int, bytes: Int) -> Bool {
        self.bytes.hasRoom(forAdding: bytes) && recordStarts.hasRoom(forAdding: additional)
            && flags.hasRoom(forAdding: additional)
            && listingCounts.hasRoom(forAdding: additional >> Self.blockShift + 1)
    }

    /// Gives the storage room for `additional` more records of about `bytes` folded bytes in
    /// all, where it has less, each part at least doubled (see `Array.reserveRoom(forAdding:)`).
    ///
    /// - Complexity: O(n) in the bytes held when they grow; O(1) when the room is there.
    package mutating func reserveRoom(forAdding additional: Int, bytes: Int) {
        self.bytes.reserveRoom(forAdding: bytes)
        recordStarts.reserveRoom(forAdding: additional)
        flags.reserveRoom(forAdding: additional)
        listingCounts.reserveRoom(forAdding: additional >> Self.blockShift + 1)
    }

    /// Appends the slots of `other` after these, in order.
    ///
    /// - Complexity: O(n) in the bytes and slots of `other`.
    package mutating func append(contentsOf other: FoldedTextStore) {
        let shift = bytes.count
        bytes.append(contentsOf: other.bytes)
        for index in 1..<other.recordStarts.count { recordStarts.append(shift + other.recordStarts[index]) }
        let first = flags.count
        flags.append(contentsOf: other.flags)
        countListings(from: first)
    }

    /// Marks `slot` dead (it leaves every listing).
    package mutating func kill(_ slot: Int) {
        countListings(of: slot, adding: false)
        flags[slot] &= ~FoldedContact.Flags.live.rawValue
    }

    /// The flags of `slot`.
    package func flags(of slot: Int) -> FoldedContact.Flags {
        FoldedContact.Flags(rawValue: flags[slot])
    }

    /// The members of `slots` whose folded text satisfies `isIncluded`.
    ///
    /// - Complexity: O(n) records read for n slots, read ahead (``RecordFilter``).
    package func filter(_ slots: SlotSet, where isIncluded: (UInt32, Text) -> Bool) -> SlotSet {
        withView { view in
            RecordFilter.filter(slots, starts: view.starts, bytes: view.bytes) {
                isIncluded($0, view.text(of: Int($0)))
            }
        }
    }

    /// Calls `body` with a view that reads records without copying.
    package func withView<R>(_ body: (View) -> R) -> R {
        bytes.withUnsafeBufferPointer { bytes in body(View(bytes: bytes, starts: recordStarts)) }
    }

    /// Unsafe read access to every record, valid inside ``withView(_:)``.
    package struct View {
        package let bytes: UnsafeBufferPointer<UInt8>
        package let starts: RecordOffsets

        /// The folded fields of `slot`.
        @inline(__always)
        package func text(of slot: Int) -> Text {
            var offset = starts[slot]
            let end = starts[slot + 1]
            let nameLength = Int(Varint.read(bytes, at: &offset, end: end) ?? 0)
            let organizationLength = Int(Varint.read(bytes, at: &offset, end: end) ?? 0)
            let emailsLength = Int(Varint.read(bytes, at: &offset, end: end) ?? 0)
            let notesLength = Int(Varint.read(bytes, at: &offset, end: end) ?? 0)
            let nameEnd = offset + nameLength
            let organizationStart = nameEnd + 1
            let emailsStart = organizationStart + organizationLength
            let notesStart = emailsStart + emailsLength
            let digitsStart = notesStart + notesLength
            return Text(
                name: slice(offset, nameEnd), nameField: slice(offset, emailsStart),
                organization: slice(organizationStart, emailsStart), emails: slice(emailsStart, notesStart),
                notes: slice(notesStart, digitsStart), phoneDigits: slice(digitsStart, end))
        }

        @inline(__always)
        private func slice(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[start..<end])
        }
    }

    /// The folded fields of one slot.
    package struct Text {
        /// `fold(displayName)`.
        package let name: UnsafeBufferPointer<UInt8>
        /// `fold(displayName) 0xFF fold(organizationName)`: the `name` search field.
        package let nameField: UnsafeBufferPointer<UInt8>
        /// `fold(organizationName)`.
        package let organization: UnsafeBufferPointer<UInt8>
        /// Every email's fold, 0xFF between them.
        package let emails: UnsafeBufferPointer<UInt8>
        /// `fold(notes)`.
        package let notes: UnsafeBufferPointer<UInt8>
        /// Every phone's digits, 0xFF between them.
        package let phoneDigits: UnsafeBufferPointer<UInt8>
    }

    /// The bytes the store takes.
    package var byteCount: Int {
        bytes.capacity + recordStarts.byteCount + flags.capacity + listingCounts.capacity * 8
    }
}

import ContactsSupport

/// Every live event, in one log per creator, for feeds merged across the users one follows.
///
/// Events live in a slot array; an id table maps event ids to slots (ids are global); each
/// creator's log lists their events' slots ascending by (`createdAt`, event id bytes) with
/// the sort key inlined, so a feed merge compares keys without touching the events. A
/// creator's event count is their log's length: feed totals are sums of kept counts.
///
/// ```swift
/// var events = EventStore()
/// try events.create(Event(eventId: "e1", creator: 1, title: "Launch", createdAt: 1_000))
/// let page = try events.feed(of: 0, in: graph, skip: 0, limit: 20)
/// ```
///
/// Validation of id and text formats is the caller's (the protocol layer's); the store
/// enforces non-empty ids and titles, global id uniqueness and ownership.
package struct EventStore: Sendable {
    /// One event of a creator's log: its sort key and its slot.
    struct LogEntry: Sendable {
        /// The event's `createdAt`.
        let createdAt: Int64
        /// The first 8 bytes of the event id, big-endian, zero-padded (see ``UserSortKeys``).
        let idPrefix: UInt64
        /// The event's position in `slots`.
        let slot: UInt32
    }

    /// Every event by slot; nil for a free slot.
    var slots: [Event?] = []
    /// Free positions in `slots`.
    var freeSlots: [UInt32] = []
    /// The slot of every live event id.
    var slotByID: [ExactString: UInt32] = [:]
    /// Each creator's events, ascending by (`createdAt`, event id bytes): newest last.
    var logs: [UInt32: [LogEntry]] = [:]

    /// An empty store.
    package init() {}

    /// The number of live events.
    package var count: Int { slotByID.count }

    /// Stores `event`. The same id from the same creator again changes nothing and returns
    /// the stored event.
    ///
    /// - Throws: ``EventStoreError/emptyEventId``, ``EventStoreError/emptyTitle``, or
    ///   ``EventStoreError/eventIdTaken(_:)`` when another creator's live event has the id.
    /// - Complexity: O(1) hashing plus O(log n) in the creator's log (O(1) when the event is
    ///   the creator's newest, the usual case) and the move of the later entries.
    @discardableResult
    package mutating func create(_ event: Event) throws(EventStoreError) -> EventCreation {
        guard !event.eventId.isEmpty else { throw .emptyEventId }
        if let slot = slotByID[ExactString(event.eventId)], let existing = slots[Int(slot)] {
            guard existing.creator == event.creator else { throw .eventIdTaken(event.eventId) }
            return .alreadyExists(existing)
        }
        guard !event.title.isEmpty else { throw .emptyTitle }
        let slot: UInt32
        if let free = freeSlots.popLast() {
            slot = free
            slots[Int(slot)] = event
        } else {
            slot = UInt32(slots.count)
            slots.append(event)
        }
        slotByID[ExactString(event.eventId)] = slot
        let entry = LogEntry(
            createdAt: event.createdAt, idPrefix: UserSortKeys.prefixKey(of: event.eventId), slot: slot)
        var log = logs.removeValue(forKey: event.creator) ?? []
        log.insertSorted(entry) { entryPrecedes($0, $1) }
        logs[event.creator] = log
        return .created
    }

    /// Deletes the event `eventId` if `creator` created it. Returns false for an unknown or
    /// someone else's event.
    ///
    /// - Complexity: O(log n) in the creator's log plus the move of the later entries.
    @discardableResult
    package mutating func delete(eventId: String, by creator: UInt32) -> Bool {
        guard let slot = slotByID[ExactString(eventId)], let event = slots[Int(slot)], event.creator == creator else {
            return false
        }
        let entry = LogEntry(createdAt: event.createdAt, idPrefix: UserSortKeys.prefixKey(of: eventId), slot: slot)
        if var log = logs.removeValue(forKey: creator) {
            let position = log.lowerBound { entryPrecedes($0, entry) }
            if position < log.count && log[position].slot == slot { log.remove(at: position) }
            if !log.isEmpty { logs[creator] = log }
        }
        release(slot, id: eventId)
        return true
    }

    /// Deletes every event of `creator` (when the user is deleted) and returns how many.
    ///
    /// - Complexity: O(n) for the creator's n events.
    @discardableResult
    package mutating func removeEvents(of creator: UInt32) -> Int {
        guard let log = logs.removeValue(forKey: creator) else { return 0 }
        for entry in log {
            if let event = slots[Int(entry.slot)] { release(entry.slot, id: event.eventId) }
        }
        return log.count
    }

    /// The live event with id `eventId`.
    package func event(withID eventId: String) -> Event? {
        slotByID[ExactString(eventId)].flatMap { slots[Int($0)] }
    }

    /// The number of live events `creator` created.
    ///
    /// - Complexity: O(1).
    package func eventCount(of creator: UInt32) -> Int {
        logs[creator]?.count ?? 0
    }

    /// Frees `slot` and its id.
    private mutating func release(_ slot: UInt32, id: String) {
        slots[Int(slot)] = nil
        freeSlots.append(slot)
        slotByID[ExactString(id)] = nil
    }

    /// Checks the store: every id names a live event with that id, free slots are empty and
    /// every empty slot is free, and each creator's log lists exactly their live events, each
    /// entry's inlined key matching its event, in log order.
    ///
    /// - Complexity: O(n log n) for n slots; for tests.
    package func _checkInvariants() throws(InvariantViolation) {
        for (id, slot) in slotByID {
            guard Int(slot) < slots.count, let event = slots[Int(slot)], ExactString(event.eventId) == id else {
                throw InvariantViolation("event id \(id) names slot \(slot), which holds another event")
            }
        }
        let free = Set(freeSlots)
        guard free.count == freeSlots.count, slots.count - free.count == slotByID.count,
            free.allSatisfy({ Int($0) < slots.count && slots[Int($0)] == nil })
        else {
            throw InvariantViolation("\(freeSlots.count) free slots for \(slots.count - slotByID.count) empty ones")
        }
        var logged = 0
        for (creator, log) in logs {
            guard !log.isEmpty else { throw InvariantViolation("creator \(creator) keeps an empty log") }
            for (position, entry) in log.enumerated() {
                guard let event = slots[Int(entry.slot)], event.creator == creator,
                    entry.createdAt == event.createdAt, entry.idPrefix == UserSortKeys.prefixKey(of: event.eventId)
                else {
                    throw InvariantViolation("creator \(creator): log entry \(position) does not match its event")
                }
                if position > 0 && !entryPrecedes(log[position - 1], entry) {
                    throw InvariantViolation("creator \(creator): log out of order at \(position)")
                }
            }
            logged += log.count
        }
        guard logged == slotByID.count else {
            throw InvariantViolation("logs hold \(logged) events, the id table \(slotByID.count)")
        }
    }

    /// Log order: `createdAt` ascending, then event id bytes ascending.
    @inline(__always)
    func entryPrecedes(_ first: LogEntry, _ second: LogEntry) -> Bool {
        if first.createdAt != second.createdAt { return first.createdAt < second.createdAt }
        if first.idPrefix != second.idPrefix { return first.idPrefix < second.idPrefix }
        guard let firstEvent = slots[Int(first.slot)], let secondEvent = slots[Int(second.slot)] else {
            return first.slot < second.slot
        }
        return firstEvent.eventId.utf8Precedes(secondEvent.eventId)
    }
}

extension Array {
    /// The first position whose element is not before the target (`isBefore` true for a
    /// prefix of the array).
    fileprivate func lowerBound(_ isBefore: (Element) -> Bool) -> Int {
        SortedArraySearch.partitionPoint(of: self, isBefore: isBefore)
    }

    /// Inserts `element` in an array sorted by `precedes`, after its equals; appending (the
    /// common case of a newest element) is checked first.
    fileprivate mutating func insertSorted(_ element: Element, by precedes: (Element, Element) -> Bool) {
        if let last, precedes(element, last) {
            insert(element, at: lowerBound { !precedes(element, $0) })
        } else {
            append(element)
        }
    }
}

import ContactsSupport

extension PackedContacts.Records {
    /// The id bytes of the records of `slots`, in their order, as one list (an empty id for a
    /// slot never handed out): what a long ranked list writes out.
    ///
    /// One pass over the records, writing straight into storage sized from the first ids'
    /// lengths (ids past that guess are appended one by one), so that a list in ranking order
    /// (slots ascending) streams through the arena. Two misses a sparse list's id would wait
    /// for in turn are asked ahead: the record offset of the slot 32 ids on, and the record of
    /// the slot 16 on (whose offset came in meanwhile). An id of at most 16 bytes is moved as
    /// one 16-byte load and store where both sides have the room.
    ///
    /// - Complexity: O(n + bytes of the ids).
    package func idList(of slots: UnsafeBufferPointer<UInt32>) -> ByteStringList {
        let count = slots.count
        let sample = min(count, 32)
        guard sample > 0 else { return ByteStringList() }
        let sampledBytes = slots.prefix(sample).reduce(0) { $0 + idBytes(of: $1).count }
        let capacity = count * ((sampledBytes + sample - 1) / sample + 4) + 64
        let offsetLookahead = 32
        let recordLookahead = 16
        let arenaEnd = arena.baseAddress.map { $0 + arena.count }
        var written = 0
        var bytes: [UInt8] = []
        var ends = [Int](fillingCapacity: count) { endsBuffer, endsInitialized in
            bytes = [UInt8](fillingCapacity: capacity) { bytesBuffer, bytesInitialized in
                var used = 0
                while written < count {
                    if written + offsetLookahead < count {
                        starts.prefetchStart(of: Int(slots[written + offsetLookahead]))
                    }
                    if written + recordLookahead < count { prefetch(slots[written + recordLookahead]) }
                    let id = idBytes(of: slots[written])
                    guard used + id.count <= capacity else { break }
                    if let source = id.baseAddress, let target = bytesBuffer.baseAddress {
                        if let arenaEnd, id.count <= 16, used + 16 <= capacity, source + 16 <= arenaEnd {
                            // One 16-byte move instead of a call per short id; the bytes past
                            // the id are written over by the next one, or lie past `used`.
                            let chunk = UnsafeRawPointer(source).loadUnaligned(as: SIMD16<UInt8>.self)
                            UnsafeMutableRawPointer(target + used).storeBytes(of: chunk, as: SIMD16<UInt8>.self)
                        } else {
                            (target + used).initialize(from: source, count: id.count)
                        }
                    }
                    used += id.count
                    endsBuffer.initializeElement(at: written, to: used)
                    written += 1
                }
                bytesInitialized = used
            }
            endsInitialized = written
        }
        for slot in slots.dropFirst(written) {
            bytes.append(contentsOf: idBytes(of: slot))
            ends.append(bytes.count)
        }
        return ByteStringList(bytes: bytes, ends: ends)
    }
}

import ContactsSupport

extension TrigramIndex {
    /// Writes the base (the index must have no pending slots).
    package func write(to writer: inout BinaryWriter) {
        writer.write(UInt64(baseSlotCount))
        writer.write(keys)
        writer.write(listStarts)
        writer.write(lists)
        writer.write(bitmapWords)
    }

    /// Reads a base over `slotCount` slots and checks all of it: keys ascending, list starts
    /// ascending and in bounds, every list decodable with ascending slots below `slotCount`
    /// and as many as its header says, every bitmap in bounds.
    ///
    /// - Complexity: O(size of the table).
    package static func read(from reader: inout BinaryReader, slotCount: Int) throws(BinaryFormatError) -> TrigramIndex
    {
        let storedSlotCount = try reader.readUInt64()
        guard storedSlotCount == UInt64(slotCount) else {
            throw .corrupt("a table covers \(storedSlotCount) slots, not \(slotCount)")
        }
        let keys = try reader.readUInt64s()
        let lists = try reader.readBytesAfterOffsets()
        let listStarts = lists.offsets
        let bitmapWords = try reader.readUInt64s()
        let index = TrigramIndex(
            keys: keys, listStarts: listStarts, lists: lists.bytes, bitmapWords: bitmapWords, baseSlotCount: slotCount)
        try index.validate(section: reader.section)
        return index
    }

    private func validate(section: String) throws(BinaryFormatError) {
        func fail(_ detail: String) -> BinaryFormatError {
            .corrupt("\(detail) in \(section)")
        }
        guard listStarts.count == keys.count + 1, listStarts.first == 0, listStarts.last == lists.count else {
            throw fail("list offsets that do not match the keys")
        }
        let words = wordsPerBitmap
        guard words == 0 ? bitmapWords.isEmpty : bitmapWords.count % words == 0 else {
            throw fail("a bitmap area of the wrong size")
        }
        let bitmapCount = words == 0 ? 0 : bitmapWords.count / words
        var previousKey: UInt64 = 0
        for (position, key) in keys.enumerated() {
            guard key > previousKey else { throw fail("gram keys out of order") }
            previousKey = key
            let start = listStarts[position]
            let end = listStarts[position + 1]
            guard start <= end else { throw fail("list offsets out of order") }
            let ok = lists.withUnsafeBufferPointer { bytes in
                validateList(bytes, start: start, end: end, bitmapCount: bitmapCount)
            }
            guard ok else { throw fail("an undecodable posting list") }
        }
    }

    /// True when the list in `bytes[start..<end]` decodes exactly.
    private func validateList(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, bitmapCount: Int) -> Bool {
        var offset = start
        guard let header = Varint.read(bytes, at: &offset, end: end) else { return false }
        let count = header >> 1
        guard count > 0, count <= UInt64(baseSlotCount) else { return false }
        if header & 1 == 1 {
            guard let ordinal = Varint.read(bytes, at: &offset, end: end), offset == end,
                ordinal < UInt64(bitmapCount)
            else { return false }
            let first = Int(ordinal) * wordsPerBitmap
            let bitmap = bitmapWords[first..<first + wordsPerBitmap]
            let tailBits = baseSlotCount & 63
            if tailBits != 0, let last = bitmap.last, last >> UInt64(tailBits) != 0 { return false }
            return bitmap.reduce(0) { $0 + $1.nonzeroBitCount } == Int(count)
        }
        var slot: UInt64 = 0
        for position in 0..<count {
            guard let gap = Varint.read(bytes, at: &offset, end: end) else { return false }
            let (next, overflow) = position == 0 ? (gap, false) : slot.addingReportingOverflow(gap &+ 1)
            guard !overflow, gap < UInt64.max, next < UInt64(baseSlotCount) else { return false }
            slot = next
        }
        return offset == end
    }
}

extension BinaryReader {
    /// Reads list offsets then the list bytes they index (offsets checked against the bytes'
    /// length).
    package mutating func readBytesAfterOffsets() throws(BinaryFormatError) -> (offsets: [Int], bytes: [UInt8]) {
        let rawOffsets = try readUInt64s()
        let bytes = try readBytes()
        guard rawOffsets.allSatisfy({ $0 <= UInt64(bytes.count) }) else {
            throw .corrupt("an offset past the end in \(section)")
        }
        return (rawOffsets.map { Int($0) }, bytes)
    }
}

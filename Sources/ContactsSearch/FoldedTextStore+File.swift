import ContactsSupport

extension FoldedTextStore {
    /// Writes the records and flags.
    package func write(to writer: inout BinaryWriter) {
        writer.write(recordStartValues)
        writer.write(bytes)
        writer.write(flags)
    }

    /// Reads `slotCount` records and checks them: offsets ascending and in bounds, every
    /// record's lengths fitting it, every text valid UTF-8, every slot live with known flags.
    ///
    /// - Complexity: O(size of the text).
    package static func read(from reader: inout BinaryReader, slotCount: Int) throws(BinaryFormatError)
        -> FoldedTextStore
    {
        let (recordStarts, bytes) = try reader.readBytesAfterOffsets()
        let flags = try reader.readBytes()
        let section = reader.section
        func fail(_ detail: String) -> BinaryFormatError {
            .corrupt("\(detail) in \(section)")
        }
        guard recordStarts.count == slotCount + 1, flags.count == slotCount, recordStarts.first == 0,
            recordStarts.last == bytes.count
        else { throw fail("record offsets that do not match the contacts") }
        let known = FoldedContact.Flags([.live, .hasPhone, .hasEmail, .hasNotes]).rawValue
        guard flags.allSatisfy({ $0 & ~known == 0 && $0 & FoldedContact.Flags.live.rawValue != 0 }) else {
            throw fail("unknown slot flags")
        }
        let valid = bytes.withUnsafeBufferPointer { bytes in
            (0..<slotCount).allSatisfy { slot in
                Self.isValidRecord(bytes, start: recordStarts[slot], end: recordStarts[slot + 1])
            }
        }
        guard valid else { throw fail("a malformed text record") }
        return FoldedTextStore(bytes: bytes, recordStarts: recordStarts, flags: flags)
    }

    /// True when `bytes[start..<end]` is a well-formed record.
    private static func isValidRecord(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Bool {
        guard start <= end else { return false }
        var offset = start
        var lengths: [Int] = []
        for _ in 0..<4 {
            guard let length = Varint.read(bytes, at: &offset, end: end), length <= UInt64(end - offset) else {
                return false
            }
            lengths.append(Int(length))
        }
        // name 0xFF organization emails notes digits
        let nameEnd = offset + lengths[0]
        guard nameEnd < end, bytes[nameEnd] == TextSeparator.byte else { return false }
        let organizationEnd = nameEnd + 1 + lengths[1]
        let emailsEnd = organizationEnd + lengths[2]
        let notesEnd = emailsEnd + lengths[3]
        guard notesEnd <= end else { return false }
        func text(_ from: Int, _ to: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[from..<to])
        }
        func validValues(_ from: Int, _ to: Int) -> Bool {
            text(from, to).split(separator: TextSeparator.byte, omittingEmptySubsequences: false).allSatisfy {
                UTF8Scalars.isValid(UnsafeBufferPointer(rebasing: $0))
            }
        }
        return UTF8Scalars.isValid(text(offset, nameEnd)) && UTF8Scalars.isValid(text(nameEnd + 1, organizationEnd))
            && validValues(organizationEnd, emailsEnd) && UTF8Scalars.isValid(text(emailsEnd, notesEnd))
            && text(notesEnd, end).allSatisfy { $0 == TextSeparator.byte || $0 &- 0x30 < 10 }
    }
}

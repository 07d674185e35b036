/// Reads what ``BinaryWriter`` wrote, checking every length against the bytes left.
package struct BinaryReader {
    /// The bytes read from.
    package let bytes: UnsafeRawBufferPointer
    /// Where the next read starts.
    package private(set) var offset: Int
    /// Names the section being read, for errors.
    package var section = "header"

    /// A reader of `bytes` from `offset`.
    package init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// True when every byte was read.
    package var isAtEnd: Bool { offset == bytes.count }

    /// The next `count` bytes.
    private mutating func take(_ count: Int) throws(BinaryFormatError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= bytes.count - offset else { throw .truncated(section: section) }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    /// Reads a little-endian UInt32.
    package mutating func readUInt32() throws(BinaryFormatError) -> UInt32 {
        UInt32(littleEndian: try take(4).loadUnaligned(as: UInt32.self))
    }

    /// Reads a little-endian UInt64.
    package mutating func readUInt64() throws(BinaryFormatError) -> UInt64 {
        UInt64(littleEndian: try take(8).loadUnaligned(as: UInt64.self))
    }

    /// A count that must fit in what is left at `elementSize` bytes each.
    package mutating func readCount(elementSize: Int) throws(BinaryFormatError) -> Int {
        let count = try readUInt64()
        guard count <= UInt64((bytes.count - offset) / max(1, elementSize)) else { throw .truncated(section: section) }
        return Int(count)
    }

    /// Reads a varint that fits in an `Int`.
    mutating func readVarint() throws(BinaryFormatError) -> Int {
        let rest = bytes.count - offset
        guard rest > 0 else { throw .truncated(section: section) }
        var position = offset
        let value = bytes.withMemoryRebound(to: UInt8.self) { Varint.read($0, at: &position, end: $0.count) }
        guard let value else {
            // Failed: cut short when no byte that ends a varint is left, else longer than 64 bits.
            let ends = (offset..<bytes.count).contains { bytes[$0] < 0x80 }
            throw ends ? .corrupt("an over-long varint in \(section)") : .truncated(section: section)
        }
        guard value <= UInt64(Int.max) else { throw .corrupt("an over-long varint in \(section)") }
        offset = position
        return Int(value)
    }

    /// Reads one byte.
    package mutating func readByte() throws(BinaryFormatError) -> UInt8 {
        try take(1)[0]
    }

    /// A list count, checked against the bytes left (each entry takes at least
    /// `minimumEntrySize` bytes), so a damaged count cannot ask for a huge allocation.
    package mutating func readListCount(minimumEntrySize: Int) throws(BinaryFormatError) -> Int {
        let count = try readVarint()
        guard count <= (bytes.count - offset) / max(1, minimumEntrySize) else { throw .truncated(section: section) }
        return count
    }

    /// Reads a string (varint length, then UTF-8 bytes that must be valid).
    package mutating func readString() throws(BinaryFormatError) -> String {
        let length = try readVarint()
        let bytes = try take(length).bindMemory(to: UInt8.self)
        guard UTF8Scalars.isValid(bytes) else { throw .corrupt("a string that is not valid UTF-8 in \(section)") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads a counted byte array.
    package mutating func readBytes() throws(BinaryFormatError) -> [UInt8] {
        let count = try readCount(elementSize: 1)
        return Array(try take(count))
    }

    /// Reads a counted array of little-endian UInt64s.
    package mutating func readUInt64s() throws(BinaryFormatError) -> [UInt64] {
        let count = try readCount(elementSize: 8)
        let raw = try take(count * 8)
        return [UInt64](fillingCapacity: count) { buffer, initialized in
            for index in 0..<count {
                buffer[index] = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            }
            initialized = count
        }
    }

    /// Reads an array of offsets, each at most `limit`.
    package mutating func readOffsets(limit: Int) throws(BinaryFormatError) -> [Int] {
        let values = try readUInt64s()
        guard values.allSatisfy({ $0 <= UInt64(limit) }) else { throw .corrupt("an offset past the end in \(section)") }
        return values.map { Int($0) }
    }
}

/// Reads what ``BinaryWriter`` wrote, checking every length against the bytes left.
struct BinaryReader {
    /// The bytes read from.
    let bytes: UnsafeRawBufferPointer
    /// Where the next read starts.
    private(set) var offset: Int
    /// Names the section being read, for errors.
    var section = "header"

    /// A reader of `bytes` from `offset`.
    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// True when every byte was read.
    var isAtEnd: Bool { offset == bytes.count }

    /// The next `count` bytes.
    private mutating func take(_ count: Int) throws(SearchIndexFileError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= bytes.count - offset else { throw .truncated(section: section) }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    /// Reads a little-endian UInt32.
    mutating func readUInt32() throws(SearchIndexFileError) -> UInt32 {
        UInt32(littleEndian: try take(4).loadUnaligned(as: UInt32.self))
    }

    /// Reads a little-endian UInt64.
    mutating func readUInt64() throws(SearchIndexFileError) -> UInt64 {
        UInt64(littleEndian: try take(8).loadUnaligned(as: UInt64.self))
    }

    /// A count that must fit in what is left at `elementSize` bytes each.
    mutating func readCount(elementSize: Int) throws(SearchIndexFileError) -> Int {
        let count = try readUInt64()
        guard count <= UInt64((bytes.count - offset) / max(1, elementSize)) else { throw .truncated(section: section) }
        return Int(count)
    }

    /// Reads a varint that fits in an `Int`.
    mutating func readVarint() throws(SearchIndexFileError) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try take(1)[0]
            guard shift < 63 else { throw .corrupt("an over-long varint in \(section)") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        guard value <= UInt64(Int.max) else { throw .corrupt("an over-long varint in \(section)") }
        return Int(value)
    }

    /// Reads a string (varint length, then UTF-8 bytes that must be valid).
    mutating func readString() throws(SearchIndexFileError) -> String {
        let length = try readVarint()
        let bytes = try take(length).bindMemory(to: UInt8.self)
        guard UTF8Scalars.isValid(bytes) else { throw .corrupt("a string that is not valid UTF-8 in \(section)") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads a counted byte array.
    mutating func readBytes() throws(SearchIndexFileError) -> [UInt8] {
        let count = try readCount(elementSize: 1)
        return Array(try take(count))
    }

    /// Reads a counted array of little-endian UInt64s.
    mutating func readUInt64s() throws(SearchIndexFileError) -> [UInt64] {
        let count = try readCount(elementSize: 8)
        let raw = try take(count * 8)
        return [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count {
                buffer[index] = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            }
            initialized = count
        }
    }

    /// Reads an array of offsets, each at most `limit`.
    mutating func readOffsets(limit: Int) throws(SearchIndexFileError) -> [Int] {
        let values = try readUInt64s()
        guard values.allSatisfy({ $0 <= UInt64(limit) }) else { throw .corrupt("an offset past the end in \(section)") }
        return values.map { Int($0) }
    }
}

/// The saved form of a ``ContactSearchIndex`` (version 1), all integers little-endian.
///
/// ```
/// header (32 bytes)  magic "CCSRCHIX" · version UInt32 · reserved UInt32 (0)
///                    · payload length UInt64 · XXH3-64 of the payload (seed 0) UInt64
/// payload            contacts   · count, then each contact's strings (varint length + UTF-8)
///                                 and lists (varint count + entries), in Contact's field order
///                    folded text · bytes, record starts, flags (FoldedTextStore)
///                    5 tables   · name, email, notes, digits, word prefixes: slot count, keys,
///                                 list starts, list bytes, bitmap words (TrigramIndex)
/// ```
/// Arrays are a UInt64 count then the elements. Only compacted indexes are saved (every slot
/// live and in ranking order), so reopening is copying arrays plus one validating pass: every
/// offset, list and text record is checked, so a damaged or crafted file gives an error,
/// never a crash or an out-of-bounds read.
enum SearchIndexFile {
    /// The first eight bytes of every index file.
    static let magic: [UInt8] = Array("CCSRCHIX".utf8)
    /// The format version this build writes and reads.
    static let version: UInt32 = 1
    /// The header's size in bytes.
    static let headerSize = 32
}

/// Appends little-endian integers, arrays and strings to a byte buffer.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func writeVarint(_ value: Int) {
        Varint.append(UInt64(value), to: &bytes)
    }

    mutating func write(_ string: String) {
        writeVarint(string.utf8.count)
        bytes.append(contentsOf: string.utf8)
    }

    /// Appends `raw` as is (no count).
    mutating func writeRaw(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    mutating func write(_ array: [UInt8]) {
        write(UInt64(array.count))
        bytes.append(contentsOf: array)
    }

    mutating func write(_ array: [UInt64]) {
        write(UInt64(array.count))
        bytes.reserveCapacity(bytes.count + array.count * 8)
        for value in array { write(value) }
    }

    mutating func write(_ array: [Int]) {
        write(array.map { UInt64($0) })
    }
}

/// Reads what ``BinaryWriter`` wrote, checking every length against the bytes left.
struct BinaryReader {
    let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int
    /// Names the section being read, for errors.
    var section = "header"

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ count: Int) throws(SearchIndexFileError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= bytes.count - offset else { throw .truncated(section: section) }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    mutating func readUInt32() throws(SearchIndexFileError) -> UInt32 {
        UInt32(littleEndian: try take(4).loadUnaligned(as: UInt32.self))
    }

    mutating func readUInt64() throws(SearchIndexFileError) -> UInt64 {
        UInt64(littleEndian: try take(8).loadUnaligned(as: UInt64.self))
    }

    /// A count that must fit in what is left at `elementSize` bytes each.
    mutating func readCount(elementSize: Int) throws(SearchIndexFileError) -> Int {
        let count = try readUInt64()
        guard count <= UInt64((bytes.count - offset) / max(1, elementSize)) else { throw .truncated(section: section) }
        return Int(count)
    }

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

    mutating func readString() throws(SearchIndexFileError) -> String {
        let length = try readVarint()
        let raw = try take(length)
        guard let string = String(validating: raw.bindMemory(to: UInt8.self), as: UTF8.self) else {
            throw .corrupt("a string that is not valid UTF-8 in \(section)")
        }
        return string
    }

    mutating func readBytes() throws(SearchIndexFileError) -> [UInt8] {
        let count = try readCount(elementSize: 1)
        return Array(try take(count))
    }

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

/// Appends little-endian integers, arrays and strings to a byte buffer.
package struct BinaryWriter {
    /// What was written so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty writer.
    package init() {}

    /// Forgets what was written, keeping the buffer's capacity for the next use.
    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends one byte.
    package mutating func write(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends `value`, little-endian.
    package mutating func write(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends `value`, little-endian.
    package mutating func write(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` (not negative) as a varint.
    package mutating func writeVarint(_ value: Int) {
        Varint.append(UInt64(value), to: &bytes)
    }

    /// Appends the UTF-8 length of `string` as a varint, then its bytes.
    package mutating func write(_ string: String) {
        withUTF8(of: string) { utf8 in
            writeVarint(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Appends `raw` as is (no count).
    package mutating func writeRaw(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    /// Appends `raw` as is (no count).
    package mutating func writeRaw(_ raw: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: raw)
    }

    /// Appends the count of `array` (UInt64), then its bytes.
    package mutating func write(_ array: [UInt8]) {
        write(UInt64(array.count))
        bytes.append(contentsOf: array)
    }

    /// Appends the count of `array` (UInt64), then its elements, little-endian.
    package mutating func write(_ array: [UInt64]) {
        write(UInt64(array.count))
        bytes.reserveCapacity(bytes.count + array.count * 8)
        for value in array { write(value) }
    }

    /// Appends the count of `array` (UInt64), then its elements (not negative) as UInt64.
    package mutating func write(_ array: [Int]) {
        write(array.map { UInt64($0) })
    }
}

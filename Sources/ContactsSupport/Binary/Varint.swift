import CPostings

/// LEB128 unsigned varints: seven bits a byte, low groups first, the high bit set on every
/// byte but the last.
///
/// `public` and `@inlinable` only so that other modules of the package inline it: Swift does
/// not serialize the body of an `@inlinable package` declaration (swiftlang/swift#70100), and
/// the search reads four varints for every candidate it confirms. ContactsSupport is no
/// product, so nothing outside the package sees it.
public enum Varint {
    /// The number of bytes `value` takes.
    @inlinable @inline(__always)
    public static func size(of value: UInt64) -> Int {
        // 1 + floor(bits / 7), where bits = 64 - leadingZeros (and 0 takes one byte).
        (70 - (value | 1).leadingZeroBitCount) / 7
    }

    /// Appends `value` to `output`.
    @inlinable @inline(__always)
    public static func append(_ value: UInt64, to output: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            output.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        output.append(UInt8(value))
    }

    /// Writes `value` at `offset` of `output` and returns the offset after it; the caller
    /// has made room (``size(of:)``).
    @inlinable @inline(__always)
    public static func write(_ value: UInt64, to output: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        var value = value
        var offset = offset
        while value >= 0x80 {
            output[offset] = UInt8(truncatingIfNeeded: value) | 0x80
            value >>= 7
            offset += 1
        }
        output[offset] = UInt8(value)
        return offset + 1
    }

    /// Reads a varint at `offset`, stopping at `end`; nil when it runs past `end` or past 64
    /// bits. `offset` moves past the varint when one is read.
    @inlinable @inline(__always)
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int, end: Int) -> UInt64? {
        guard let base = bytes.baseAddress, offset >= 0, end <= bytes.count else { return nil }
        var position = offset
        var value: UInt64 = 0
        guard contacts_varint_read(base, end, &position, &value) != 0 else { return nil }
        offset = position
        return value
    }
}

/// LEB128 unsigned varints: seven bits a byte, low groups first, the high bit set on every
/// byte but the last.
enum Varint {
    /// The number of bytes `value` takes.
    @inline(__always)
    static func size(of value: UInt64) -> Int {
        // 1 + floor(bits / 7), where bits = 64 - leadingZeros (and 0 takes one byte).
        (70 - (value | 1).leadingZeroBitCount) / 7
    }

    /// Appends `value` to `output`.
    @inline(__always)
    static func append(_ value: UInt64, to output: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            output.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        output.append(UInt8(value))
    }

    /// Writes `value` at `offset` of `output` and returns the offset after it; the caller
    /// has made room (``size(of:)``).
    @inline(__always)
    static func write(_ value: UInt64, to output: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
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
    /// bits.
    @inline(__always)
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int, end: Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < end {
            let byte = bytes[offset]
            offset += 1
            guard shift < 64 else { return nil }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}

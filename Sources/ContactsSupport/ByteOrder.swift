#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte-order (code point order, on UTF-8) comparisons: the one mechanism behind every
/// "by bytes" ordering of the protocol — ids, folded display names, event ids.
package enum ByteOrder {
    /// Negative, zero or positive as `left` sorts before, equal to or after `right`,
    /// comparing unsigned bytes; a proper prefix sorts first.
    ///
    /// - Complexity: O(min(m, n)), one `memcmp`.
    @inline(__always)
    package static func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        let shared = min(left.count, right.count)
        if shared > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
            let order = memcmp(leftBase, rightBase, shared)
            if order != 0 { return Int(order) }
        }
        return left.count - right.count
    }

    /// ``compare(_:_:)-(UnsafeRawBufferPointer,_)`` of two byte arrays.
    @inline(__always)
    package static func compare(_ left: [UInt8], _ right: [UInt8]) -> Int {
        left.withUnsafeBytes { left in right.withUnsafeBytes { right in compare(left, right) } }
    }

    /// The *prefix key* of `bytes`: its first 8 bytes, big-endian, zero-padded. Zero padding
    /// keeps byte order (`a < b` implies `prefixKey(a) ≤ prefixKey(b)`), so unequal prefix
    /// keys decide a comparison with one integer compare, and only values sharing their first
    /// 8 bytes need the bytes read.
    package static func prefixKey(of bytes: some Sequence<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        var taken = 0
        for byte in bytes.prefix(8) {
            key = key << 8 | UInt64(byte)
            taken += 1
        }
        return taken == 0 ? 0 : key << UInt64(8 * (8 - taken))
    }

    /// The prefix key (above) of bytes in memory: one unaligned load when there are 8 or
    /// more.
    @inline(__always)
    package static func prefixKey(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        if bytes.count >= 8 { return UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)) }
        var key: UInt64 = 0
        for byte in bytes { key = key << 8 | UInt64(byte) }
        return bytes.isEmpty ? 0 : key << UInt64(8 * (8 - bytes.count))
    }

    /// The prefix key (above) of `string`'s UTF-8 bytes, read in place: iterating a
    /// `String.UTF8View` costs several times more.
    package static func prefixKey(of string: String) -> UInt64 {
        withUTF8(of: string) { prefixKey(of: $0) }
    }
}

import ContactsSupport

/// The `since` values of one user's following set, entry `i` for the `i`-th followee, stored
/// as unsigned offsets from a base in the fewest bytes (1–8) the column's spread needs.
///
/// Follows of one user made within 34 years of each other (any real account) take 5 bytes
/// each instead of 8; any `Int64` values still round-trip exactly, at up to 8 bytes. Layout,
/// little-endian: `[width, base (8 bytes), offset₀ (width bytes), offset₁, …]`; empty when
/// the column is.
package struct SinceColumn: Sendable {
    /// Bytes before the first offset: the width and the base.
    package static let headerSize = 9

    /// The encoded column.
    package private(set) var storage: [UInt8] = []

    /// An empty column.
    package init() {}

    /// A column of `values`, in order, at its exact size.
    package init(_ values: [Int64]) {
        guard let low = values.min(), let high = values.max() else { return }
        storage = Self.encode(values, base: low, width: Self.width(for: UInt64(bitPattern: high &- low)))
    }

    /// The number of values.
    package var count: Int {
        storage.isEmpty ? 0 : (storage.count - Self.headerSize) / Int(storage[0])
    }

    /// The value at `index`.
    ///
    /// - Complexity: O(1): one unaligned 8-byte load, masked (bytes read one by one for the
    ///   last entries, whose load would pass the end).
    package subscript(index: Int) -> Int64 {
        assert(index >= 0 && index < count, "since index \(index) of \(count)")
        return withBytes { bytes in
            let width = Int(bytes[0])
            let base = Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: 1, as: Int64.self))
            let start = Self.headerSize + index * width
            var offset: UInt64
            if start + 8 <= bytes.count {
                offset = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
                if width < 8 { offset &= (1 << UInt64(8 * width)) - 1 }
            } else {
                offset = 0
                for byte in 0..<width { offset |= UInt64(bytes[start + byte]) << UInt64(8 * byte) }
            }
            return base &+ Int64(bitPattern: offset)
        }
    }

    /// Inserts `value` at `index`, re-encoding the column when `value` is below its base or
    /// beyond its width.
    ///
    /// - Complexity: O(n) (the tail moves; a re-encode rewrites every entry).
    package mutating func insert(_ value: Int64, at index: Int) {
        defer { assertInvariants() }
        guard !storage.isEmpty else {
            storage = Self.encode([value], base: value, width: 1)
            return
        }
        let width = Int(storage[0])
        let base = self.base
        let fits = value >= base && Self.width(for: UInt64(bitPattern: value &- base)) <= width
        guard fits else {
            var values = self.values
            values.insert(value, at: index)
            self = SinceColumn(values)
            return
        }
        var offset = UInt64(bitPattern: value &- base)
        let bytes = (0..<width).map { _ in
            defer { offset >>= 8 }
            return UInt8(truncatingIfNeeded: offset)
        }
        SocialStorage.makeRoom(for: width, in: &storage)
        storage.insert(contentsOf: bytes, at: Self.headerSize + index * width)
    }

    /// Removes the value at `index`.
    ///
    /// - Complexity: O(n).
    package mutating func remove(at index: Int) {
        defer { assertInvariants() }
        let width = Int(storage[0])
        if count == 1 {
            storage = []
            return
        }
        let start = Self.headerSize + index * width
        storage.removeSubrange(start..<start + width)
        SocialStorage.shrinkIfSparse(&storage)
    }

    /// Every value, in order.
    package var values: [Int64] { (0..<count).map { self[$0] } }

    /// Approximate heap bytes.
    package var memoryFootprint: Int { SocialStorage.heapBytes(of: storage) }

    /// The base of a non-empty column.
    private var base: Int64 {
        withBytes { Int64(littleEndian: $0.loadUnaligned(fromByteOffset: 1, as: Int64.self)) }
    }

    /// Calls `body` with the encoded bytes: the one way the column reads its memory unsafely
    /// (writes go through the array's own operations). The view's subscripts check bounds in
    /// debug builds; every unaligned load it makes stays within the bytes.
    @inline(__always)
    private func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        storage.withUnsafeBytes(body)
    }

    /// Checks the layout: empty, or a width of 1 to 8 bytes, the base, and whole offsets of that
    /// width, each within the width.
    package func _checkInvariants() throws(InvariantViolation) {
        guard !storage.isEmpty else { return }
        let width = Int(storage[0])
        guard (1...8).contains(width), storage.count > Self.headerSize,
            (storage.count - Self.headerSize) % width == 0
        else {
            throw InvariantViolation("since column of \(storage.count) bytes with width \(width)")
        }
    }

    /// Traps when ``_checkInvariants()`` finds the layout broken; debug builds run it after
    /// every change, release builds never.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    private func assertInvariants() {
        #if DEBUG
            do {
                try _checkInvariants()
            } catch {
                preconditionFailure("SinceColumn: \(error)")
            }
        #endif
    }

    /// The bytes (at least 1) that hold `spread`.
    private static func width(for spread: UInt64) -> Int {
        Swift.max(1, (64 - spread.leadingZeroBitCount + 7) / 8)
    }

    /// The layout of `values` as offsets from `base` in `width` bytes each.
    private static func encode(_ values: [Int64], base: Int64, width: Int) -> [UInt8] {
        var storage: [UInt8] = []
        storage.reserveCapacity(headerSize + values.count * width)
        storage.append(UInt8(width))
        withUnsafeBytes(of: base.littleEndian) { storage.append(contentsOf: $0) }
        for value in values {
            var offset = UInt64(bitPattern: value &- base)
            for _ in 0..<width {
                storage.append(UInt8(truncatingIfNeeded: offset))
                offset >>= 8
            }
        }
        return storage
    }
}

/// The ids of a ranked list, their UTF-8 bytes back to back: what a long list of matches is
/// written out from, without a `String` per id.
package struct RankedIDs: Sendable {
    /// Every id's bytes, in rank order.
    package private(set) var bytes: [UInt8] = []
    /// Where each id ends in `bytes`.
    package private(set) var ends: [Int] = []

    /// No ids.
    package init() {}

    /// The number of ids.
    package var count: Int { ends.count }

    /// Appends the id whose bytes are `id`.
    package mutating func append(_ id: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: id)
        ends.append(bytes.count)
    }

    /// Makes room for `count` ids of about `bytesEach` bytes.
    package mutating func reserve(_ count: Int, bytesEach: Int) {
        ends.reserveCapacity(count)
        bytes.reserveCapacity(count * bytesEach)
    }

    /// The bytes of id `index`.
    package subscript(index: Int) -> ArraySlice<UInt8> {
        bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    /// The ids as strings.
    package var strings: [String] {
        (0..<count).map { String(decoding: self[$0], as: UTF8.self) }
    }
}

/// Byte strings end to end: a batch for ``ByteStringTable/ordinals(of:)``, or a long list of
/// ids (a ranked list of matches) kept without a `String` per id.
package struct ByteStringList: Sendable {
    /// Every string's bytes, in order.
    package private(set) var bytes: [UInt8] = []
    /// Where each string ends in `bytes`.
    private var ends: [Int] = []

    /// An empty list.
    package init() {}

    /// The UTF-8 bytes of `strings`, in order.
    ///
    /// - Complexity: O(n) in their total length.
    package init(_ strings: [String]) {
        ends.reserveCapacity(strings.count)
        for string in strings {
            withUTF8(of: string) { append($0) }
        }
    }

    /// The list whose string `i` is `bytes[ends[i - 1]..<ends[i]]` (from 0 for the first):
    /// `ends` ascending, the last `bytes.count`.
    package init(bytes: [UInt8], ends: [Int]) {
        precondition(ends.last ?? 0 == bytes.count, "the last end is not the byte count")
        self.bytes = bytes
        self.ends = ends
    }

    /// How many strings are in.
    package var count: Int { ends.count }

    /// Adds a copy of `string`.
    package mutating func append(_ string: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: string)
        ends.append(bytes.count)
    }

    /// Adds a copy of `string`.
    package mutating func append(_ string: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(string))
    }

    /// Empties the list, keeping its storage.
    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    /// The byte count of string `index`.
    package func length(_ index: Int) -> Int {
        ends[index] - (index == 0 ? 0 : ends[index - 1])
    }

    /// `body` over the bytes of string `index`.
    package func withBytes<Result>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let start = index == 0 ? 0 : ends[index - 1]
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<ends[index]])) }
    }

    /// `body` over every string's bytes end to end and where each string ends in them: the
    /// list's storage read in place, for loops over the whole list.
    func withStorage<Result>(_ body: (UnsafeRawBufferPointer, UnsafeBufferPointer<Int>) -> Result) -> Result {
        bytes.withUnsafeBytes { bytes in ends.withUnsafeBufferPointer { body(bytes, $0) } }
    }

    /// The bytes of string `index`.
    package subscript(index: Int) -> ArraySlice<UInt8> {
        bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    /// The strings, decoded as UTF-8.
    package var strings: [String] {
        (0..<count).map { String(decoding: self[$0], as: UTF8.self) }
    }
}

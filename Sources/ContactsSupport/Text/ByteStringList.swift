/// A batch of byte strings for ``ByteStringTable/ordinals(of:)``.
package protocol ByteStrings {
    /// How many strings there are.
    var count: Int { get }
    /// The byte count of string `index`.
    func length(_ index: Int) -> Int
    /// `body` over the bytes of string `index`.
    func withBytes<Result>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result
}

extension Array: ByteStrings where Element == String {
    /// The UTF-8 byte count of string `index`.
    package func length(_ index: Int) -> Int {
        self[index].utf8.count
    }

    /// `body` over the UTF-8 bytes of string `index`.
    package func withBytes<Result>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        var string = self[index]
        return string.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}

/// Byte strings end to end: a batch for ``ByteStringTable/ordinals(of:)``, or a long list of
/// ids (a ranked list of matches) kept without a `String` per id.
package struct ByteStringList: ByteStrings, Sendable {
    /// Every string's bytes, in order.
    package private(set) var bytes: [UInt8] = []
    /// Where each string ends in `bytes`.
    private var ends: [Int] = []

    /// An empty list.
    package init() {}

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

    /// The bytes of string `index`.
    package subscript(index: Int) -> ArraySlice<UInt8> {
        bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    /// The strings, decoded as UTF-8.
    package var strings: [String] {
        (0..<count).map { String(decoding: self[$0], as: UTF8.self) }
    }
}

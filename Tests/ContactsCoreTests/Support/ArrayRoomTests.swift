import ContactsSupport
import Testing

/// `Array.reserveRoom(forAdding:)`: room that appending then uses without moving, growth by
/// at least doubling, and storage of its own for an array that shared it.
struct ArrayRoomTests {
    /// The address of `array`'s storage.
    static func address(_ array: [UInt32]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test(arguments: [(0, 1), (1, 1), (10, 0), (64, 64), (1_000, 3), (4_096, 10_000)])
    func appendingWhatWasReservedMovesNothing(count: Int, additional: Int) {
        var array = (0..<UInt32(count)).map { $0 &* 7 }
        let before = array
        array.reserveRoom(forAdding: additional)
        #expect(array == before)
        #expect(array.hasRoom(forAdding: additional))
        let address = Self.address(array)
        for value in 0..<UInt32(additional) { array.append(value) }
        if additional > 0 || count > 0 { #expect(Self.address(array) == address) }
        #expect(Array(array.prefix(count)) == before)
    }

    @Test func growingAtLeastDoublesTheCapacity() {
        var array = [UInt32](repeating: 1, count: 1_000)
        array = array.withUnsafeBufferPointer { Array($0) }  // exact size
        let capacity = array.capacity
        let beyond = capacity - array.count + 1
        #expect(!array.hasRoom(forAdding: beyond))
        array.reserveRoom(forAdding: beyond)
        #expect(array.capacity >= 2 * capacity)
        #expect(array == [UInt32](repeating: 1, count: 1_000))
    }

    @Test func anArrayThatSharesItsStorageGetsItsOwnAtTheSameCapacity() {
        var original = [UInt32](repeating: 3, count: 100)
        original.reserveCapacity(400)
        var copy = original
        #expect(Self.address(copy) == Self.address(original))
        copy.reserveRoom(forAdding: 10)
        #expect(Self.address(copy) != Self.address(original))
        #expect(copy == original)
        #expect(copy.capacity >= 100 + 10)
        // With its own storage and room to spare, reserving again moves nothing.
        let address = Self.address(copy)
        copy.reserveRoom(forAdding: 10)
        #expect(Self.address(copy) == address)
    }
}

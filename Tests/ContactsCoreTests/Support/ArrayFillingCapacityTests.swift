import ContactsSupport
import Dispatch
import Testing

/// `Array(fillingCapacity:_:)` builds what the standard initializer builds, and leaves the
/// shared empty storage alone when there is no room.
struct ArrayFillingCapacityTests {
    @Test(arguments: [(1, 0), (1, 1), (8, 3), (1_000, 1_000), (4_096, 17)])
    func holdsThePrefixItsInitializerWrote(capacity: Int, initialized: Int) {
        func fill(_ buffer: inout UnsafeMutableBufferPointer<UInt32>, _ count: inout Int) {
            for index in 0..<initialized { buffer.initializeElement(at: index, to: UInt32(index &* 31 &+ 5)) }
            count = initialized
        }
        let filled = [UInt32](fillingCapacity: capacity, fill)
        let standard = [UInt32](unsafeUninitializedCapacity: capacity, initializingWith: fill)
        #expect(filled == standard)
        #expect(filled.count == initialized)
        #expect(filled.capacity >= capacity)
    }

    @Test(arguments: [0, -1, Int.min])
    func noRoomGivesAnEmptyArrayWithoutCallingTheInitializer(capacity: Int) {
        let array = [UInt64](fillingCapacity: capacity) { _, _ in Issue.record("initializer called for no room") }
        #expect(array.isEmpty)
    }

    @Test func anErrorOfTheInitializerIsRethrown() {
        struct Refused: Error {}
        #expect(throws: Refused.self) { _ = try [UInt8](fillingCapacity: 4) { _, _ in throw Refused() } }
    }

    @Test func emptyArraysMadeAtOnceOnSeveralThreadsAreEmpty() {
        // Run by make test's sanitizer step: the standard initializer's write of a count of 0
        // into the shared empty storage would be reported there as a race.
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let arrays = (0..<1_000).map { _ in [UInt32](fillingCapacity: 0) { _, count in count = 0 } }
            #expect(arrays.allSatisfy { $0.isEmpty })
        }
    }
}

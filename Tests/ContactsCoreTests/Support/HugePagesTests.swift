import ContactsSupport
import Dispatch
import Testing

struct HugePagesTests {
    @Test(arguments: [0, 1, 1_000, 3 << 20])
    func arraysHoldWhatTheirInitializerWrote(count: Int) {
        let array: [UInt32] = HugePages.array(count: count) { buffer in
            for index in buffer.indices {
                (buffer.baseAddress! + index).initialize(to: UInt32(truncatingIfNeeded: index &* 7))
            }
        }
        #expect(array.count == count)
        #expect(array.indices.allSatisfy { array[$0] == UInt32(truncatingIfNeeded: $0 &* 7) })
    }

    @Test func emptyArraysMadeAtOnceOnSeveralThreadsAreEmpty() {
        // The shared empty storage must not be written: ThreadSanitizer (make test's
        // sanitizer step runs the engine's builds) would report it.
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let arrays = (0..<1_000).map { _ in
                HugePages.array(count: 0) { (_: UnsafeMutableBufferPointer<UInt64>) in
                    Issue.record("initializer called for no room")
                }
            }
            #expect(arrays.allSatisfy { $0.isEmpty })
        }
    }
}

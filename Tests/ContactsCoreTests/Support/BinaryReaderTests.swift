import ContactsSupport
import Dispatch
import Testing

struct BinaryReaderTests {
    @Test(arguments: [0, 1, 2, 17, 1_000])
    func readsBackTheUInt64ArraysWritten(count: Int) throws {
        var random = SystemRandomNumberGenerator()
        let arrays = (0..<3).map { _ in (0..<count).map { _ in random.next() as UInt64 } }
        var writer = BinaryWriter()
        for array in arrays { writer.write(array) }
        let decoded = try writer.bytes.withUnsafeBytes { bytes in
            var reader = BinaryReader(bytes)
            let decoded = try arrays.map { _ in try reader.readUInt64s() }
            #expect(reader.isAtEnd)
            return decoded
        }
        #expect(decoded == arrays)
    }

    @Test func emptyArraysReadOnSeveralThreadsAtOnceAreEmpty() {
        // The shared empty storage must not be written: ThreadSanitizer (make test's
        // sanitizer step runs the engine's change follower, which decodes such arrays) would
        // report it.
        var writer = BinaryWriter()
        writer.write([UInt64]())
        let bytes = writer.bytes
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let arrays = (0..<1_000).map { _ in
                bytes.withUnsafeBytes { bytes in
                    var reader = BinaryReader(bytes)
                    return try? reader.readUInt64s()
                }
            }
            #expect(arrays.allSatisfy { $0 == [] })
        }
    }
}

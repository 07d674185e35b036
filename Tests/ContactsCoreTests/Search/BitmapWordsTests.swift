import CBitmap
import ContactsSupport
import Testing

@testable import ContactsCore

/// BitmapWords against per-bit loops over random words of every fill, in both builds of its C
/// loops (on a processor without AVX2 the wide build runs the portable one).
@Suite struct BitmapWordsTests {
    static func words(_ count: Int, _ generator: inout SplitMix64) -> [UInt64] {
        (0..<count).map { index in
            switch index % 4 {
            case 0: 0
            case 1: ~0
            default: generator.next() & (index % 3 == 0 ? generator.next() : ~0)
            }
        }
    }

    static func bit(_ words: [UInt64], _ position: Int) -> Bool {
        words[position >> 6] & (1 << UInt64(position & 63)) != 0
    }

    @Test(arguments: [0, 1, 2, 7, 64, 131, 1027] as [Int], [false, true])
    func countsAndCombinationsEqualBitLoops(wordCount: Int, wide: Bool) {
        let build = wide ? CBITMAP_WIDE : CBITMAP_PORTABLE
        var generator = SplitMix64(seed: UInt64(wordCount) + 1)
        let left = Self.words(wordCount, &generator)
        let right = Self.words(wordCount, &generator)
        let bits = wordCount * 64
        left.withUnsafeBufferPointer { left in
            #expect(BitmapWords.count(left, build: build) == (0..<bits).filter { Self.bit(Array(left), $0) }.count)
        }
        for _ in 0..<20 where bits > 0 {
            let lower = Int(generator.next() % UInt64(bits + 1))
            let upper = lower + Int(generator.next() % UInt64(bits - lower + 1))
            let counted = left.withUnsafeBufferPointer { BitmapWords.count($0, in: lower..<upper) }
            #expect(counted == (lower..<upper).filter { Self.bit(left, $0) }.count, "range \(lower)..<\(upper)")
        }
        let operations: [(BitmapWords.Operation, (Bool, Bool) -> Bool)] = [
            (.and, { $0 && $1 }), (.or, { $0 || $1 }), (.andNot, { $0 && !$1 }),
        ]
        for (operation, model) in operations {
            var output = [UInt64](repeating: 0xDEAD, count: wordCount)
            let total = left.withUnsafeBufferPointer { left in
                right.withUnsafeBufferPointer { right in
                    output.withUnsafeMutableBufferPointer {
                        BitmapWords.combine(left, right, into: $0, operation, build: build)
                    }
                }
            }
            let expected = (0..<bits).map { model(Self.bit(left, $0), Self.bit(right, $0)) }
            #expect((0..<bits).map { Self.bit(output, $0) } == expected, "\(operation)")
            #expect(total == expected.filter { $0 }.count)
        }
        // formUnion reads only as many source words as the target has.
        var target = left
        let source = right + [~0]
        target.withUnsafeMutableBufferPointer { target in
            source.withUnsafeBufferPointer { BitmapWords.formUnion(target, with: $0, build: build) }
        }
        #expect((0..<bits).map { Self.bit(target, $0) } == (0..<bits).map { Self.bit(left, $0) || Self.bit(right, $0) })
    }
}

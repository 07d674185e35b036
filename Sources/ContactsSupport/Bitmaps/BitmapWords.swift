import CBitmap

/// Whole-bitmap loops over words (bit `s % 64` of word `s / 64` for slot `s`).
///
/// The one bitmap kernel of the package (search's slot sets and social's bitmap chunks count
/// and combine through it). The loops are in C (`CBitmap`), built twice: Swift compiles for
/// baseline x86-64, which has no population count instruction, so a word's count there is
/// about a dozen instructions; where the processor has AVX2 and POPCNT the C build for them
/// runs instead.
package enum BitmapWords {
    /// The build of the loops every caller gets by default: the fastest this processor runs.
    package static let fastestBuild = cbitmap_fastest_build()

    /// How two bitmaps combine word by word.
    package enum Operation {
        case and, or, andNot
    }

    /// The number of bits set in `words`.
    ///
    /// - Complexity: O(n) for n words.
    package static func count(_ words: UnsafeBufferPointer<UInt64>, build: CBitmapBuild = fastestBuild) -> Int {
        guard let base = words.baseAddress else { return 0 }
        return cbitmap_count(build, base, words.count)
    }

    /// Writes `left[i] operation right[i]` to `output[i]` for every `i` below `output.count`
    /// (both inputs at least that long) and returns the number of bits set in the result.
    ///
    /// - Complexity: O(n) for n output words.
    package static func combine(
        _ left: UnsafeBufferPointer<UInt64>, _ right: UnsafeBufferPointer<UInt64>,
        into output: UnsafeMutableBufferPointer<UInt64>, _ operation: Operation, build: CBitmapBuild = fastestBuild
    ) -> Int {
        precondition(left.count >= output.count && right.count >= output.count)
        guard let outputBase = output.baseAddress, let left = left.baseAddress, let right = right.baseAddress
        else { return 0 }
        let code =
            switch operation {
            case .and: CBITMAP_AND
            case .or: CBITMAP_OR
            case .andNot: CBITMAP_AND_NOT
            }
        return cbitmap_combine(build, left, right, outputBase, output.count, code)
    }

    /// ORs `source` into `target` word by word (`source` at least as long).
    ///
    /// - Complexity: O(n) for n words of `target`.
    package static func formUnion(
        _ target: UnsafeMutableBufferPointer<UInt64>, with source: UnsafeBufferPointer<UInt64>,
        build: CBitmapBuild = fastestBuild
    ) {
        precondition(source.count >= target.count)
        guard let targetBase = target.baseAddress, let sourceBase = source.baseAddress else { return }
        cbitmap_form_union(build, targetBase, sourceBase, target.count)
    }

    /// The number of bits set in `words` at positions `range` (within the words).
    ///
    /// - Complexity: O(range / 64).
    package static func count(_ words: UnsafeBufferPointer<UInt64>, in range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        let first = range.lowerBound >> 6
        let last = (range.upperBound - 1) >> 6
        let lowMask: UInt64 = ~0 << UInt64(range.lowerBound & 63)
        let highMask: UInt64 = range.upperBound & 63 == 0 ? ~0 : (1 << UInt64(range.upperBound & 63)) - 1
        if first == last { return (words[first] & lowMask & highMask).nonzeroBitCount }
        let inner = first + 1 < last ? count(UnsafeBufferPointer(rebasing: words[(first + 1)..<last])) : 0
        return (words[first] & lowMask).nonzeroBitCount + inner + (words[last] & highMask).nonzeroBitCount
    }
}

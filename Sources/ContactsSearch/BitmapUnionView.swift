import ContactsSupport

/// The union of bitmap lists of the base, read in place: the matches of a one-code-point term
/// whose every field lists it as a bitmap (the first keystroke of a search, about 90% of a
/// large index for a common letter).
///
/// The union is never built: the ranking reads only the words of the slots it walks, so a
/// page costs a few cache lines of each list instead of ORing and counting whole bitmaps.
/// The count is given (known in advance: ``SearchTables/denseUnigramTotals``).
package struct BitmapUnionView: RankedMatches {
    /// One list: its table's bitmap words, from word `start` on.
    package struct Part {
        package let words: [UInt64]
        package let start: Int
    }

    package let parts: [Part]
    /// Slots are below this; every part has at least `wordCount(universe)` words from its start.
    package let universe: Int
    package let count: Int

    /// Word `index` of the union.
    ///
    /// - Complexity: O(p) for p parts.
    @inline(__always)
    private func word(_ index: Int) -> UInt64 {
        var word: UInt64 = 0
        for part in parts { word |= part.words[part.start + index] }
        return word
    }

    package var isDense: Bool { true }

    package func copyWords(from firstWord: Int, into output: UnsafeMutableBufferPointer<UInt64>) {
        output.update(repeating: 0)
        let available = max(0, min(output.count, SlotSet.wordCount(universe: universe) - firstWord))
        guard available > 0 else { return }
        let target = UnsafeMutableBufferPointer(rebasing: output[..<available])
        for part in parts {
            part.words.withUnsafeBufferPointer { words in
                BitmapWords.formUnion(target, with: UnsafeBufferPointer(rebasing: words[(part.start + firstWord)...]))
            }
        }
    }

    package func forEach(from lowerBound: Int, _ body: (UInt32) -> Bool) {
        let first = max(0, lowerBound)
        guard first < universe else { return }
        let wordCount = SlotSet.wordCount(universe: universe)
        var index = first >> 6
        var word = self.word(index) & (~0 << UInt64(first & 63))
        while true {
            while word != 0 {
                guard body(UInt32(index << 6 | word.trailingZeroBitCount)) else { return }
                word &= word - 1
            }
            index += 1
            guard index < wordCount else { return }
            word = self.word(index)
        }
    }

    /// - Complexity: O(p · range / 64) for p parts.
    package func count(in range: Range<Int>) -> Int {
        let lower = max(0, range.lowerBound)
        let upper = min(universe, range.upperBound)
        guard lower < upper else { return 0 }
        let first = lower >> 6
        let last = (upper - 1) >> 6
        var total = 0
        for index in first...last {
            var mask: UInt64 = ~0
            if index == first { mask &= ~0 << UInt64(lower & 63) }
            if index == last, upper & 63 != 0 { mask &= (1 << UInt64(upper & 63)) - 1 }
            total += (word(index) & mask).nonzeroBitCount
        }
        return total
    }
}

/// What the ranking reads of a query's matches: their number, the members in ascending order
/// from a slot on, how many fall in a range of slots, and the members as bitmap words or as
/// sorted slots, whichever they are.
package protocol RankedMatches {
    /// The number of matches.
    var count: Int { get }
    /// Calls `body` with the members from `lowerBound` on, ascending, until it returns false.
    func forEach(from lowerBound: Int, _ body: (UInt32) -> Bool)
    /// The number of members in `range`.
    func count(in range: Range<Int>) -> Int
    /// True when the members are held as a bitmap (``copyWords(from:into:)`` is then a copy,
    /// not a build).
    var isDense: Bool { get }
    /// Writes the words `firstWord ..< firstWord + output.count` of the members' bitmap (bit
    /// `s % 64` of word `s / 64`) to `output`; words past the universe are 0.
    func copyWords(from firstWord: Int, into output: UnsafeMutableBufferPointer<UInt64>)
}

extension RankedMatches {
    /// The members in `range`, ascending.
    ///
    /// - Complexity: O(m) for m members in the range (plus a search for its start).
    package func slots(in range: Range<Int>) -> [UInt32] {
        var slots: [UInt32] = []
        forEach(from: range.lowerBound) { slot in
            guard Int(slot) < range.upperBound else { return false }
            slots.append(slot)
            return true
        }
        return slots
    }
}

extension SlotSet: RankedMatches {
    package var isDense: Bool {
        if case .bitmap = storage { return true }
        return false
    }

    package func copyWords(from firstWord: Int, into output: UnsafeMutableBufferPointer<UInt64>) {
        output.update(repeating: 0)
        switch storage {
        case .bitmap(let words):
            let available = max(0, min(output.count, words.count - firstWord))
            for index in 0..<available { output[index] = words[firstWord + index] }
        case .sorted(let slots):
            let first = firstWord << 6
            for slot in slots where Int(slot) >= first && Int(slot) - first < output.count << 6 {
                output[(Int(slot) - first) >> 6] |= 1 << UInt64(slot & 63)
            }
        }
    }
}

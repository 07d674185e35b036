/// What the ranking reads of a query's matches: their number, the members in ascending order
/// from a slot on, and how many fall in a range of slots.
package protocol RankedMatches {
    /// The number of matches.
    var count: Int { get }
    /// Calls `body` with the members from `lowerBound` on, ascending, until it returns false.
    func forEach(from lowerBound: Int, _ body: (UInt32) -> Bool)
    /// The number of members in `range`.
    func count(in range: Range<Int>) -> Int
}

extension SlotSet: RankedMatches {}

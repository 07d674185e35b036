import ContactsSupport

/// A set of slots (dense contact numbers `0..<universe`) built while answering one query: a
/// sorted array when sparse, a bitmap when dense (the Roaring idea, one container per set).
///
/// Every operation reads its operands through one `withUnsafeBufferPointer` each; the
/// representation of a result follows its density (``normalized()``).
package struct SlotSet: Sendable {
    package enum Storage: Sendable {
        /// Ascending slots.
        case sorted([UInt32])
        /// Bit `s % 64` of word `s / 64` is set when slot `s` is a member.
        case bitmap([UInt64])
    }

    /// A bitmap pays off above one member in 32 slots (4 bytes a member vs 1 bit a slot).
    package static let bitmapDensityDivisor = 32
    /// A bitmap turns back into an array below one member in 256 slots (hysteresis).
    package static let arrayDensityDivisor = 256

    private(set) var storage: Storage
    /// Slots are below this.
    package let universe: Int
    /// The number of members.
    package private(set) var count: Int

    /// A set of ascending, distinct `slots`.
    package init(sorted slots: [UInt32], universe: Int) {
        storage = .sorted(slots)
        self.universe = universe
        count = slots.count
    }

    /// A set from bitmap `words` (`(universe + 63) / 64` of them, no bit at or past `universe`)
    /// holding `count` members.
    package init(words: [UInt64], count: Int, universe: Int) {
        storage = .bitmap(words)
        self.universe = universe
        self.count = count
    }

    /// The empty set.
    package static func empty(universe: Int) -> SlotSet {
        SlotSet(sorted: [], universe: universe)
    }

    /// The number of bitmap words for `universe` slots.
    package static func wordCount(universe: Int) -> Int {
        (universe + 63) >> 6
    }

    /// True when the set has no member.
    package var isEmpty: Bool { count == 0 }

    /// This set in the representation its density calls for.
    ///
    /// - Complexity: O(count) or O(universe / 64) when converting, else O(1).
    package func normalized() -> SlotSet {
        switch storage {
        case .sorted(let slots) where count > 64 && count * Self.bitmapDensityDivisor > universe:
            var words = [UInt64](repeating: 0, count: Self.wordCount(universe: universe))
            for slot in slots { words[Int(slot >> 6)] |= 1 << UInt64(slot & 63) }
            return SlotSet(words: words, count: count, universe: universe)
        case .bitmap where count * Self.arrayDensityDivisor < universe:
            var slots: [UInt32] = []
            slots.reserveCapacity(count)
            forEach { slots.append($0) }
            return SlotSet(sorted: slots, universe: universe)
        default:
            return self
        }
    }

    /// True when `slot` is a member.
    ///
    /// - Complexity: O(1) for a bitmap, O(log count) for an array.
    package func contains(_ slot: UInt32) -> Bool {
        switch storage {
        case .bitmap(let words):
            return Int(slot) < universe && words[Int(slot >> 6)] & (1 << UInt64(slot & 63)) != 0
        case .sorted(let slots):
            let index = slots.lowerBound(of: slot)
            return index < slots.count && slots[index] == slot
        }
    }

    /// Calls `body` with every member in ascending order until it returns false.
    package func forEach(from lowerBound: Int = 0, _ body: (UInt32) -> Bool) {
        switch storage {
        case .sorted(let slots):
            var index = slots.lowerBound(of: UInt32(clamping: lowerBound))
            while index < slots.count, body(slots[index]) { index += 1 }
        case .bitmap(let words):
            guard lowerBound < universe else { return }
            words.withUnsafeBufferPointer { buffer in
                var wordIndex = max(0, lowerBound) >> 6
                var word = buffer[wordIndex] & (~0 << UInt64(max(0, lowerBound) & 63))
                while true {
                    while word != 0 {
                        let slot = UInt32(wordIndex << 6 | word.trailingZeroBitCount)
                        guard body(slot) else { return }
                        word &= word - 1
                    }
                    wordIndex += 1
                    guard wordIndex < buffer.count else { return }
                    word = buffer[wordIndex]
                }
            }
        }
    }

    /// Calls `body` with every member in ascending order.
    package func forEach(_ body: (UInt32) -> Void) {
        forEach(from: 0) { slot in
            body(slot)
            return true
        }
    }

    /// The number of members in `range`.
    ///
    /// - Complexity: O(log count) for an array, O(range / 64) for a bitmap.
    package func count(in range: Range<Int>) -> Int {
        let lower = max(0, range.lowerBound)
        let upper = min(universe, range.upperBound)
        guard lower < upper else { return 0 }
        switch storage {
        case .sorted(let slots):
            return slots.lowerBound(of: UInt32(upper)) - slots.lowerBound(of: UInt32(lower))
        case .bitmap(let words):
            return words.withUnsafeBufferPointer { BitmapWords.count($0, in: lower..<upper) }
        }
    }

    /// The members for which `isIncluded` holds.
    ///
    /// - Complexity: O(count) calls of `isIncluded`.
    package func filter(_ isIncluded: (UInt32) -> Bool) -> SlotSet {
        var kept: [UInt32] = []
        forEach { slot in
            if isIncluded(slot) { kept.append(slot) }
        }
        return SlotSet(sorted: kept, universe: universe).normalized()
    }

    /// The members of both sets.
    ///
    /// - Complexity: O(min(count) · log(max count)) for arrays of unequal size, O(sum) for
    ///   arrays of similar size, O(array) against a bitmap, O(universe / 64) for two bitmaps.
    package func intersection(_ other: SlotSet) -> SlotSet {
        switch (storage, other.storage) {
        case (.sorted(let left), .sorted(let right)):
            return SlotSet(sorted: Self.intersect(left, right), universe: universe)
        case (.sorted(let slots), .bitmap), (.bitmap, .sorted(let slots)):
            let bitmap = if case .bitmap = storage { self } else { other }
            return SlotSet(sorted: slots.filter(bitmap.contains), universe: universe)
        case (.bitmap(let left), .bitmap(let right)):
            return Self.combine(left, right, universe: universe, .and)
        }
    }

    /// The members of either set.
    ///
    /// - Complexity: O(sum of counts) for arrays, O(universe / 64) with a bitmap.
    package func union(_ other: SlotSet) -> SlotSet {
        if other.isEmpty { return self }
        if isEmpty { return other }
        switch (storage, other.storage) {
        case (.sorted(let left), .sorted(let right)):
            return SlotSet(sorted: Self.merge(left, right), universe: universe).normalized()
        case (.sorted(let slots), .bitmap(var words)), (.bitmap(var words), .sorted(let slots)):
            var added = 0
            for slot in slots {
                let bit: UInt64 = 1 << UInt64(slot & 63)
                if words[Int(slot >> 6)] & bit == 0 {
                    words[Int(slot >> 6)] |= bit
                    added += 1
                }
            }
            let bitmapCount = if case .bitmap = storage { count } else { other.count }
            return SlotSet(words: words, count: bitmapCount + added, universe: universe)
        case (.bitmap(let left), .bitmap(let right)):
            return Self.combine(left, right, universe: universe, .or)
        }
    }

    /// The members of this set that are not in `other`.
    ///
    /// - Complexity: O(count) membership tests of `other`, or O(universe / 64) for two bitmaps.
    package func subtracting(_ other: SlotSet) -> SlotSet {
        if other.isEmpty || isEmpty { return self }
        switch (storage, other.storage) {
        case (.bitmap(let left), .bitmap(let right)):
            return Self.combine(left, right, universe: universe, .andNot)
        case (.bitmap(var words), .sorted(let slots)):
            var removed = 0
            for slot in slots where Int(slot) < universe {
                let bit: UInt64 = 1 << UInt64(slot & 63)
                if words[Int(slot >> 6)] & bit != 0 {
                    words[Int(slot >> 6)] &= ~bit
                    removed += 1
                }
            }
            return SlotSet(words: words, count: count - removed, universe: universe).normalized()
        case (.sorted(let left), .sorted(let right)):
            var kept: [UInt32] = []
            kept.reserveCapacity(left.count)
            right.withUnsafeBufferPointer { right in
                var position = 0
                for slot in left {
                    position = right.lowerBound(of: slot, from: position)
                    if position == right.count || right[position] != slot { kept.append(slot) }
                }
            }
            return SlotSet(sorted: kept, universe: universe)
        case (.sorted, .bitmap):
            return filter { !other.contains($0) }
        }
    }

    /// The ascending members of two ascending arrays; gallops through the longer one when the
    /// sizes differ a lot.
    package static func intersect(_ left: [UInt32], _ right: [UInt32]) -> [UInt32] {
        let (small, large) = left.count <= right.count ? (left, right) : (right, left)
        var result: [UInt32] = []
        result.reserveCapacity(small.count)
        small.withUnsafeBufferPointer { small in
            large.withUnsafeBufferPointer { large in
                if small.count * 16 < large.count {
                    var position = 0
                    for slot in small {
                        position = large.lowerBound(of: slot, from: position)
                        guard position < large.count else { break }
                        if large[position] == slot { result.append(slot) }
                    }
                } else {
                    var i = 0
                    var j = 0
                    while i < small.count, j < large.count {
                        let a = small[i]
                        let b = large[j]
                        if a == b {
                            result.append(a)
                            i += 1
                            j += 1
                        } else if a < b {
                            i += 1
                        } else {
                            j += 1
                        }
                    }
                }
            }
        }
        return result
    }

    /// The ascending union of two ascending arrays.
    package static func merge(_ left: [UInt32], _ right: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(left.count + right.count)
        left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                var i = 0
                var j = 0
                while i < left.count, j < right.count {
                    let a = left[i]
                    let b = right[j]
                    result.append(min(a, b))
                    if a <= b { i += 1 }
                    if b <= a { j += 1 }
                }
                result.append(contentsOf: left[i...])
                result.append(contentsOf: right[j...])
            }
        }
        return result
    }

    /// Two bitmaps combined word by word.
    private static func combine(
        _ left: [UInt64], _ right: [UInt64], universe: Int, _ operation: BitmapWords.Operation
    ) -> SlotSet {
        var total = 0
        let words = [UInt64](fillingCapacity: left.count) { output, initialized in
            left.withUnsafeBufferPointer { left in
                right.withUnsafeBufferPointer { right in
                    total = BitmapWords.combine(left, right, into: output, operation)
                }
            }
            initialized = left.count
        }
        return SlotSet(words: words, count: total, universe: universe).normalized()
    }
}

extension UnsafeBufferPointer<UInt32> {
    /// The first index at or after `start` whose element is not below `value` (galloping
    /// then binary search); the elements are ascending.
    package func lowerBound(of value: UInt32, from start: Int = 0) -> Int {
        var low = start
        var step = 1
        var high = start
        while high < count, self[high] < value {
            low = high + 1
            high += step
            step <<= 1
        }
        high = Swift.min(high, count)
        while low < high {
            let middle = (low + high) >> 1
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension [UInt32] {
    /// The first index whose element is not below `value`; the elements are ascending.
    package func lowerBound(of value: UInt32) -> Int {
        withUnsafeBufferPointer { $0.lowerBound(of: value) }
    }
}

extension SlotSet {
    /// Membership tests of slots asked in non-decreasing order, each found from where the last
    /// one was: what a walk of matches in ranking order asks of the set of their tier-1 names.
    ///
    /// ```swift
    /// var probe = SlotSet.AscendingProbe(tierOneNames)
    /// for ordinal in ascendingOrdinals where probe.contains(ordinal) { … }
    /// ```
    ///
    /// - Complexity: O(1) a test of a bitmap set; for a sorted one O(log g) for g members
    ///   passed since the last test (galloping), so O(m + k log(n / k)) for k tests over m
    ///   members at worst, against O(k log m) for ``SlotSet/contains(_:)`` each time.
    package struct AscendingProbe {
        private let set: SlotSet
        private var index = 0
        private var last: UInt32 = 0

        /// A probe of `set` from its smallest member.
        package init(_ set: SlotSet) {
            self.set = set
        }

        /// Whether `slot` is a member; `slot` is not below the slot of the previous test.
        package mutating func contains(_ slot: UInt32) -> Bool {
            precondition(slot >= last, "the slots of an ascending probe go up")
            last = slot
            switch set.storage {
            case .bitmap(let words):
                return Int(slot) < set.universe && words[Int(slot >> 6)] & (1 << UInt64(slot & 63)) != 0
            case .sorted(let slots):
                let found = slots.withUnsafeBufferPointer { $0.lowerBound(of: slot, from: index) }
                index = found
                return found < slots.count && slots[found] == slot
            }
        }
    }
}

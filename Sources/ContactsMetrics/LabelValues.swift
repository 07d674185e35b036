/// The label values of one series, compared, hashed and ordered by their UTF-8 bytes
/// (Swift's `String` equality is canonical equivalence, which would merge two series whose
/// values differ in their bytes).
struct LabelValues: Hashable, Sendable {
    /// The values, in the order of the family's label names.
    let values: [String]

    static func == (left: LabelValues, right: LabelValues) -> Bool {
        left.values.count == right.values.count
            && zip(left.values, right.values).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    }

    func hash(into hasher: inout Hasher) {
        for value in values {
            for byte in value.utf8 { hasher.combine(byte) }
            hasher.combine(0xFF as UInt8)  // no UTF-8 string contains 0xFF: a terminator
        }
    }

    /// True when `self` sorts before `other`: value by value, each by bytes.
    func precedes(_ other: LabelValues) -> Bool {
        for (left, right) in zip(values, other.values) where !left.utf8.elementsEqual(right.utf8) {
            return left.utf8.lexicographicallyPrecedes(right.utf8)
        }
        return values.count < other.values.count
    }
}

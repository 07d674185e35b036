/// The sizes of the owners' address books: `contacts / owners` each, and in each pair of
/// consecutive owners one gets up to a third more and the other as many fewer, so the
/// sizes vary (about 500–1,000 at 750 a book) and still add up to `contacts`.
package struct FixtureBookSizes {
    private let base: Int
    private let remainder: Int
    private let owners: Int
    private var owner = 0
    private var pendingShift = 0

    init(contacts: Int, owners: Int) {
        self.owners = owners
        base = owners == 0 ? 0 : contacts / owners
        remainder = owners == 0 ? 0 : contacts % owners
    }

    /// The size of the next owner's book.
    mutating func next(using random: inout FixtureRandom) -> Int {
        defer { owner += 1 }
        var size = base + (owner < remainder ? 1 : 0)
        if owner % 2 == 0 {
            if owner + 1 < owners {
                pendingShift = random.below(base / 3 + 1)
                size += pendingShift
            }
        } else {
            size -= pendingShift
        }
        return size
    }
}

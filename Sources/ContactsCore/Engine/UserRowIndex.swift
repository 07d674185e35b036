import ContactsStore

/// The dense user index of each store row id, looked up for every follow, contact and event
/// row while a store is opened (tens of millions of times for a large graph).
///
/// SQLite hands out row ids in ascending order, so a store's ids are nearly dense (deleted
/// users leave gaps): ids up to a bound that grows with the users seen are read from an
/// array — one load, no hashing — and any far beyond it from a dictionary, so memory stays
/// within a few bytes per user however sparse the ids are.
struct UserRowIndex {
    /// Index + 1 by row id; 0 where the id has no user here.
    private var direct: [UInt32] = []
    /// The users whose row ids were past the array's bound when they came.
    private var sparse: [StoreUserKey: UInt32] = [:]
    private var count = 0

    /// Row ids below this (or below four per user seen) go to the array.
    static let directFloor: Int64 = 1 << 20

    /// Records that row `key` is user `index`.
    mutating func insert(_ index: UInt32, for key: StoreUserKey) {
        let row = key.rawValue
        if row >= 0, row < max(Self.directFloor, 4 * Int64(count + 1)) {
            if Int(row) >= direct.count {
                direct.append(contentsOf: repeatElement(0, count: Int(row) + 1 - direct.count))
            }
            direct[Int(row)] = index + 1
        } else {
            sparse[key] = index
        }
        count += 1
    }

    /// The user index of row `key`, if recorded.
    ///
    /// - Complexity: O(1): an array read, or a dictionary lookup for a far row id.
    @inline(__always)
    func index(of key: StoreUserKey) -> UInt32? {
        let row = key.rawValue
        if row >= 0, row < Int64(direct.count), direct[Int(row)] != 0 { return direct[Int(row)] - 1 }
        return sparse.isEmpty ? nil : sparse[key]
    }
}

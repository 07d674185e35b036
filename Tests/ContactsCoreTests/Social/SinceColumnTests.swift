import ContactsCore
import ContactsSocial
import ContactsSupport
import Testing

/// `SinceColumn` against a plain `[Int64]`: narrow spreads, widening, extremes.
@Suite struct SinceColumnTests {
    /// Value ranges: one byte, five bytes (years of milliseconds), and the whole `Int64` range.
    static let spreads: [UInt64] = [200, 3 * 365 * 86_400_000, UInt64.max]

    @Test(arguments: [41, 42, 43] as [UInt64], spreads)
    func randomInsertionsAndRemovalsMatchArray(seed: UInt64, spread: UInt64) {
        var random = SplitMix64(seed: seed)
        let origin: Int64 = 1_700_000_000_000
        func value() -> Int64 {
            spread == UInt64.max ? Int64(bitPattern: random.next()) : origin &+ Int64(random.next() % spread)
        }
        var column = SinceColumn()
        var model: [Int64] = []
        for step in 0..<600 {
            if model.isEmpty || random.next() % 3 != 0 {
                let index = Int(random.next() % UInt64(model.count + 1))
                let inserted = step % 97 == 0 ? [Int64.min, Int64.max, 0][step % 3] : value()
                column.insert(inserted, at: index)
                model.insert(inserted, at: index)
            } else {
                let index = Int(random.next() % UInt64(model.count))
                column.remove(at: index)
                model.remove(at: index)
            }
            #expect(column.count == model.count)
            if step % 50 == 0 { #expect(column.values == model) }
        }
        #expect(column.values == model)
        #expect(SinceColumn(model).values == model)
    }

    @Test func widthFollowsTheSpread() {
        let years = SinceColumn([1_700_000_000_000, 1_700_000_000_000 + 3 * 365 * 86_400_000, 1_650_000_000_000])
        #expect(years.storage.count == SinceColumn.headerSize + 3 * 5)
        let same = SinceColumn([7, 7, 7, 7])
        #expect(same.storage.count == SinceColumn.headerSize + 4)
        let extremes = SinceColumn([.min, .max])
        #expect(extremes.values == [.min, .max] && extremes.storage.count == SinceColumn.headerSize + 16)
        var single = SinceColumn([5])
        single.remove(at: 0)
        #expect(single.count == 0 && single.storage.isEmpty)
    }
}

/// What each per-slot table indexes of a slot's folded text.
package enum GramSource: Int, CaseIterable {
    case emailLocal, notes, digits

    /// Reports the grams of `text` this table indexes.
    @inline(__always)
    package func forEachGram(of text: FoldedTextStore.Text, _ report: (UInt64) -> Void) {
        switch self {
        case .emailLocal: GramKey.forEachLocalPartGram(in: text.emails, report)
        case .notes: GramKey.forEachSubstringGram(in: text.notes, report)
        case .digits: GramKey.forEachDigitGram(in: text.phoneDigits, report)
        }
    }
}

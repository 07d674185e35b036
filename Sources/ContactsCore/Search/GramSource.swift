/// What each per-slot table indexes of a slot's folded text.
enum GramSource: Int, CaseIterable {
    case organization, emailLocal, notes, digits

    /// Reports the grams of `text` this table indexes.
    @inline(__always)
    func forEachGram(of text: FoldedTextStore.Text, _ report: (UInt64) -> Void) {
        switch self {
        case .organization: GramKey.forEachSubstringGram(in: text.organization, report)
        case .emailLocal: GramKey.forEachLocalPartGram(in: text.emails, report)
        case .notes: GramKey.forEachSubstringGram(in: text.notes, report)
        case .digits: GramKey.forEachDigitGram(in: text.phoneDigits, report)
        }
    }
}

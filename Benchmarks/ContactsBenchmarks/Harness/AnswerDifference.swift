/// How two answers that should be equal differ, in a line short enough to read.
enum AnswerDifference {
    /// Characters of each answer's description shown in full, or around the first difference.
    static let window = 160

    /// Both answers described; long descriptions are cut to the part around their first
    /// differing character.
    static func describe<Answer>(ours: Answer, baseline: Answer) -> String {
        let oursText = String(describing: ours)
        let baselineText = String(describing: baseline)
        guard oursText.count > window || baselineText.count > window else {
            return "ours \(oursText), baseline \(baselineText)"
        }
        let common = zip(oursText, baselineText).prefix { $0 == $1 }.count
        let start = max(0, common - window / 4)
        func excerpt(_ text: String) -> String {
            let cut = text.dropFirst(start).prefix(window)
            return (start > 0 ? "…" : "") + cut + (start + cut.count < text.count ? "…" : "")
        }
        return "ours \(excerpt(oursText)), baseline \(excerpt(baselineText)) (descriptions of \(oursText.count) and "
            + "\(baselineText.count) characters, first difference at character \(common))"
    }
}

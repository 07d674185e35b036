/// Counted nouns for messages, so that one thing is never "1 owners".
package enum Plural {
    /// `count` and `singular`, made plural unless `count` is 1: `1 owner`, `0 owners`,
    /// `2 owners`. `plural` spells an irregular plural (`query` → `queries`); `digits`
    /// writes the number (the demo groups thousands).
    package static func count(
        _ count: Int, _ singular: String, plural: String? = nil, digits: (Int) -> String = { String($0) }
    ) -> String {
        "\(digits(count)) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// The verb `singular` agrees with `count` (`1 remains`, `2 remain`; `is` / `are`).
    package static func verb(_ count: Int, _ singular: String, plural: String) -> String {
        count == 1 ? singular : plural
    }
}

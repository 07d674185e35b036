/// When ours and a baseline's answers agree: equality (``EqualAnswers``) unless a row
/// names another rule (phone numbers excuse the committed known differences).
protocol AnswerRule<Answer> {
    associatedtype Answer

    /// Nil when `ours` and `baseline` agree, else what differs, for the failure line.
    func difference(ours: Answer, baseline: Answer) -> String?
}

/// Answers agree when they are equal.
struct EqualAnswers<Answer: Equatable>: AnswerRule {
    func difference(ours: Answer, baseline: Answer) -> String? {
        ours == baseline ? nil : AnswerDifference.describe(ours: ours, baseline: baseline)
    }
}

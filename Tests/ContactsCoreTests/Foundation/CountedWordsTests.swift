import ContactsCore
import Testing

/// Messages count their nouns and verbs: one thing is never "1 numbers" or "1 remain".
struct CountedWordsTests {
    @Test("the over-budget message agrees with its counts")
    func overBudgetMessage() {
        let one = ContactsError.overBudget(adding: 1, remaining: 1, budget: 2, retryAfterMilliseconds: 5)
        #expect(one.description == "this upload adds 1 new number; 1 of today's 2 remains")
        let many = ContactsError.overBudget(adding: 3, remaining: 0, budget: 2, retryAfterMilliseconds: 5)
        #expect(many.description == "this upload adds 3 new numbers; 0 of today's 2 remain")
    }

    @Test("an upload over a limit of one says 'is allowed'")
    func uploadLimitOfOne() throws {
        let engine = try ContactsEngine(configuration: EngineConfiguration(maximumContactsPerUpload: 1))
        _ = try engine.registerUser("alice", phone: "+14155552671", at: 0)
        let book = [Contact(id: "c1", displayName: "A"), Contact(id: "c2", displayName: "B")]
        #expect {
            try engine.uploadContacts(as: "alice", contacts: book, at: 0)
        } throws: { error in
            "\(error)".contains("has 2 entries; at most 1 is allowed")
        }
    }
}

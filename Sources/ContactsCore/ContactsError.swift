import ContactsStore
import ContactsSupport

/// Why the engine refused a request or could not carry it out, in the domain's words. A
/// request that throws changed nothing.
///
/// The JSON-RPC service maps each case to one of PROTOCOL §5's reasons (in one place);
/// ``description`` says what went wrong, naming the value, the user or the limit.
public enum ContactsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A request value is not acceptable: `field` names it (`phone`, `title`, `contacts`,
    /// `userIds`, `skip`, …), `problem` says why.
    case invalidValue(field: String, problem: String)
    /// A user cannot follow themselves.
    case selfFollow
    /// No user is registered with this id (the acting user, or a target).
    case unknownUser(String)
    /// The acting user has no uploaded contact with this id.
    case unknownContact(String)
    /// The contact's phones match no registered user other than the acting one.
    case unmatchedContact(String)
    /// Another user holds this phone number (E.164 text).
    case phoneTaken(String)
    /// Another user's event has this id.
    case eventTaken(String)
    /// The upload would add `adding` new numbers, with `remaining` of the day's `budget`
    /// left; a retry can succeed after `retryAfterMilliseconds` (the next UTC day).
    case overBudget(adding: Int, remaining: Int, budget: Int, retryAfterMilliseconds: Int64)
    /// The store cannot be reached now (its database is down or being failed over); a retry
    /// may succeed once it is back.
    case unavailable(String)
    /// The store or the engine failed (a fault of ours, not the caller's).
    case internalFailure(String)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .invalidValue(let field, let problem): "\(field) \(problem)"
        case .selfFollow: "a user cannot follow themselves"
        case .unknownUser(let userId): "user '\(userId)' is not registered"
        case .unknownContact(let contactId): "you have no contact '\(contactId)'"
        case .unmatchedContact(let contactId): "contact '\(contactId)' matches no registered user"
        case .phoneTaken(let e164): "phone \(e164) is registered to another user"
        case .eventTaken(let eventId): "event '\(eventId)' belongs to another user"
        case .overBudget(let adding, let remaining, let budget, _):
            "this upload adds \(Plural.count(adding, "new number")); \(remaining) of today's \(budget) \(Plural.verb(remaining, "remains", plural: "remain"))"
        case .unavailable(let detail): "the store is unavailable: \(detail)"
        case .internalFailure(let detail): detail
        }
    }
}

extension ContactsError {
    /// The engine's view of a store failure: `unavailable` when the database cannot be
    /// reached, else an internal failure.
    init(_ error: StoreError) {
        if case .unavailable = error {
            self = .unavailable(error.description)
        } else {
            self = .internalFailure("the store failed: \(error)")
        }
    }
}

import ContactsModel

/// A contact of an upload that was not stored, and why.
public struct RejectedContact: Hashable, Sendable {
    /// Its index in the upload's list.
    public var index: Int
    /// Why it was rejected.
    public var reason: ContactRejection

    /// Makes a rejection.
    public init(index: Int, reason: ContactRejection) {
        self.index = index
        self.reason = reason
    }
}

/// The outcome of an upload (PROTOCOL §5 `uploadContacts`).
public struct UploadOutcome: Hashable, Sendable {
    /// Contacts in the request.
    public var totalContacts: Int
    /// Contacts stored by it (a repeated id counts each time).
    public var numberOfUploadedContacts: Int
    /// The rejected entries, in request order.
    public var rejected: [RejectedContact]
}

extension ContactsService {
    /// The most contacts ``fetchContacts(fieldType:)`` asks for in one page: the service's
    /// largest `limit` (PROTOCOL §5), so that a book takes as few requests as possible.
    public static let fetchPageSize = 1_000

    /// Searches the acting user's uploaded contacts (`searchContacts`, PROTOCOL §2): every term
    /// of `query` (at most 256 characters) must match one of `field`'s fields (default `.any`),
    /// ignoring case and accents; best matches first. Records the query in the recent searches
    /// that ``getSearchSuggestions(prefix:limit:)`` lists. Retried (a repeat only moves the
    /// query to the front of the recent searches, where it already is).
    public func searchContacts(
        query: String, field: SearchField? = nil, skip: Int? = nil, limit: Int? = nil
    ) async throws(ContactsServiceError) -> ContactPage {
        var params = RPCParams()
        params.set("query", query)
        params.set("field", field?.rawValue)
        params.set("skip", skip)
        params.set("limit", limit)
        return try await send(
            RPCCall(method: "searchContacts", params: params, repetition: .safe), expecting: ContactPage.self)
    }

    /// Every uploaded contact of `fieldType`'s kind, by display name: all pages collected
    /// (`fetchContacts`, pages of ``fetchPageSize``). Retried page by page.
    ///
    /// - Complexity: one request per ``fetchPageSize`` contacts. Pages are read one after the
    ///   other, so a book that changes meanwhile may shift contacts between pages; a contact
    ///   seen twice is kept once.
    public func fetchContacts(fieldType: ContactFieldType = .any) async throws(ContactsServiceError) -> [Contact] {
        var contacts: [Contact] = []
        var seen: Set<[UInt8]> = []
        var skip = 0
        while true {
            let page = try await fetchContacts(fieldType: fieldType, skip: skip, limit: Self.fetchPageSize)
            for contact in page.items where seen.insert(Array(contact.id.utf8)).inserted {
                contacts.append(contact)
            }
            skip += page.items.count
            if page.items.isEmpty || skip >= page.total { return contacts }
        }
    }

    /// One page of ``fetchContacts(fieldType:)``: `skip` ≥ 0, `limit` 1–1000 (default 20). Retried.
    public func fetchContacts(
        fieldType: ContactFieldType, skip: Int?, limit: Int?
    ) async throws(ContactsServiceError) -> ContactPage {
        var params = RPCParams()
        params.set("fieldType", fieldType.rawValue)
        params.set("skip", skip)
        params.set("limit", limit)
        return try await send(
            RPCCall(method: "fetchContacts", params: params, repetition: .safe), expecting: ContactPage.self)
    }

    /// The acting user's recent distinct contact searches that begin with `prefix` (ignoring
    /// case and accents), most recent first (`getSearchSuggestions`; at most 50 are kept,
    /// `limit` default 20). Retried.
    public func getSearchSuggestions(prefix: String, limit: Int? = nil) async throws(ContactsServiceError) -> [String] {
        var params = RPCParams()
        params.set("prefix", prefix)
        params.set("limit", limit)
        return try await send(
            RPCCall(method: "getSearchSuggestions", params: params, repetition: .safe),
            expecting: SuggestionsResult.self
        ).suggestions
    }

    /// Searches the directory of registered users by display name (`searchUsers`, §2 with field
    /// `name`; never by phone, never the acting user), with whether the acting user follows
    /// each. Retried.
    public func searchUsers(
        query: String, skip: Int? = nil, limit: Int? = nil
    ) async throws(ContactsServiceError) -> UserSearchPage {
        var params = RPCParams()
        params.set("query", query)
        params.set("skip", skip)
        params.set("limit", limit)
        return try await send(
            RPCCall(method: "searchUsers", params: params, repetition: .safe), expecting: UserSearchPage.self)
    }
}

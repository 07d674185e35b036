/// Digits-style Find Your Friends for the acting user: ``ContactsService/friendFinder``.
///
/// Upload the address book, then page through the registered users it connects you with:
/// users whose number is in your book (`contact`), users whose book holds your number
/// (`reverse`), or both (`mutual`).
public struct FriendFinder: Sendable {
    /// The most contacts one upload may hold (PROTOCOL §5); more is `invalid_params`.
    public static let maximumContactsPerUpload = 10_000

    let client: RPCClient
    let actingUserId: String?

    private func send<Result: Decodable>(
        _ method: String, _ params: RPCParams, _ repetition: RPCCall.Repetition, expecting: Result.Type
    ) async throws(ContactsServiceError) -> Result {
        try await client.send(
            RPCCall(method: method, params: params, repetition: repetition), actingUserId: actingUserId,
            expecting: expecting)
    }

    /// Uploads `contacts` to the acting user's book (`uploadContacts`): a contact whose id was
    /// uploaded before replaces it; invalid ones are rejected one by one (see
    /// ``ContactsUploadResult/rejected``) and the rest stored. Phones are normalized with
    /// `region` (an ISO 3166 code such as `"US"`), else the main region of the user's calling code.
    ///
    /// Retried: every contact has an id, so sending the same upload again stores the same
    /// contacts and uses no more of the daily budget. Throws `rate_limited` when the upload
    /// would add more new numbers than today's budget allows (nothing is stored;
    /// ``ContactsServiceError/retryAfter`` is the time to the next UTC day, and the client does
    /// not wait for it), `invalid_params` over ``maximumContactsPerUpload`` contacts, and
    /// `http_status` 413 for a body over 16 MiB.
    @discardableResult
    public func uploadContacts(
        _ contacts: [Contact], region: String? = nil
    ) async throws(ContactsServiceError) -> ContactsUploadResult {
        var params = RPCParams()
        params.set("contacts", contacts)
        params.set("region", region)
        return try await send("uploadContacts", params, .safe, expecting: ContactsUploadResult.self)
    }

    /// One page of matches after `cursor` (`lookupContactMatches`), ordered by user id bytes;
    /// pass the page's ``ContactMatchesPage/nextCursor`` for the next one (`nil` for the first
    /// page; the last page has a `nil` cursor). `limit` is 1–1000, default 100. Retried.
    public func lookupContactMatches(
        cursor: String? = nil, limit: Int? = nil
    ) async throws(ContactsServiceError) -> ContactMatchesPage {
        var params = RPCParams()
        params.set("cursor", cursor)
        params.set("limit", limit)
        return try await send("lookupContactMatches", params, .safe, expecting: ContactMatchesPage.self)
    }

    /// Every match, following the cursor from the first page to the last. Retried page by page.
    ///
    /// - Complexity: one request per `limit` matches (100 by default). Matches that change while
    ///   paging may be missed or seen in their new state: each page reads the current matches.
    public func lookupAllContactMatches(limit: Int? = nil) async throws(ContactsServiceError) -> [ContactMatch] {
        var matches: [ContactMatch] = []
        var cursor: String?
        repeat {
            let page = try await lookupContactMatches(cursor: cursor, limit: limit)
            matches += page.matches
            if let next = page.nextCursor, let previous = cursor, next.utf8.elementsEqual(previous.utf8) {
                throw ContactsServiceError(
                    reason: ContactsServiceError.Reason.invalidResponse,
                    message: "lookupContactMatches: the cursor \(next.debugDescription) does not advance")
            }
            cursor = page.nextCursor
        } while cursor != nil
        return matches
    }

    /// Deletes every contact the acting user uploaded (`deleteAllUploadedContacts`) and returns
    /// how many there were. Matches of relation `contact` vanish and `mutual` ones become
    /// `reverse`; `reverse` matches stay, since they come from other users' books. Recent
    /// searches are kept, and the day's upload budget is not given back. Not retried (a retry
    /// after a lost answer would report 0).
    @discardableResult
    public func deleteAllUploadedContacts() async throws(ContactsServiceError) -> Int {
        try await send("deleteAllUploadedContacts", RPCParams(), .unsafe, expecting: DeletedResult.self).deleted
    }
}

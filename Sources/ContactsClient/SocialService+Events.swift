import Foundation

extension SocialService {
    /// Creates an event and returns its id (`createEvent`). `title` must not be empty.
    ///
    /// With an `eventId` the call is idempotent (the same id from the same user returns it and
    /// changes nothing), so it is retried; without one the server makes an id, and the call is
    /// never retried (a lost answer could mean two events). Throws `conflict` when another user
    /// holds `eventId`, `invalid_params` for an empty title or a `startTime` that does not fit
    /// in milliseconds since the epoch.
    @discardableResult
    public func createEvent(
        eventId: String? = nil, title: String, description: String? = nil, location: String? = nil,
        startTime: Date? = nil
    ) async throws(ContactsServiceError) -> String {
        var params = RPCParams()
        params.set("eventId", eventId)
        params.set("title", title)
        params.set("description", description)
        params.set("location", location)
        if let startTime {
            guard let milliseconds = WireTime.milliseconds(startTime) else {
                throw ContactsServiceError(
                    reason: ContactsServiceError.Reason.invalidParams,
                    message: "createEvent: startTime \(startTime) is out of range")
            }
            params.set("startTime", milliseconds)
        }
        return try await send(
            "createEvent", params, eventId == nil ? .unsafe : .safe, expecting: EventIdResult.self
        ).eventId
    }

    /// Deletes the acting user's event `eventId` (`deleteEvent`); false when there is no such
    /// event of theirs. Not retried (a retry after a lost answer would report false).
    @discardableResult
    public func deleteEvent(eventId: String) async throws(ContactsServiceError) -> Bool {
        try await send("deleteEvent", Self.params("eventId", eventId), .unsafe, expecting: SuccessResult.self).success
    }

    /// The events of the users the acting user follows, newest first (`getFeed`). Retried.
    public func getFeed(skip: Int? = nil, limit: Int? = nil) async throws(ContactsServiceError) -> FeedPage {
        try await send("getFeed", Self.page(skip: skip, limit: limit), .safe, expecting: FeedPage.self)
    }
}

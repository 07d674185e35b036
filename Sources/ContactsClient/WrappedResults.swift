/// `{success}`: deleteEvent, deleteUser.
struct SuccessResult: Decodable {
    let success: Bool
}

/// `{eventId}`: createEvent.
struct EventIdResult: Decodable {
    let eventId: String
}

/// `{deleted}`: deleteAllUploadedContacts.
struct DeletedResult: Decodable {
    let deleted: Int
}

/// `{suggestions}`: getSearchSuggestions.
struct SuggestionsResult: Decodable {
    let suggestions: [String]
}

/// `{statuses}`: checkBatchFollowingStatus.
struct StatusesResult: Decodable {
    let statuses: [String: FollowingStatus]
}

import Foundation

/// An event in the feed: created by a user the acting user follows (PROTOCOL §5, `getFeed`).
public struct FeedEvent: Sendable, Hashable, Decodable, Identifiable {
    /// The event's id (global: one event per id).
    public var eventId: String
    /// Who created it.
    public var creatorId: String
    /// The creator's current registered display name; `nil` when empty.
    public var creatorName: String?
    /// The title (never empty).
    public var title: String
    /// The description, if one was given.
    public var description: String?
    /// The location, if one was given.
    public var location: String?
    /// When the event starts, if given.
    public var startTime: Date?
    /// When the event was created (the request's time).
    public var createdAt: Date

    /// The event's id, for `Identifiable`.
    public var id: String { eventId }

    /// An event.
    public init(
        eventId: String, creatorId: String, creatorName: String?, title: String, description: String?,
        location: String?, startTime: Date?, createdAt: Date
    ) {
        self.eventId = eventId
        self.creatorId = creatorId
        self.creatorName = creatorName
        self.title = title
        self.description = description
        self.location = location
        self.startTime = startTime
        self.createdAt = createdAt
    }

    private enum CodingKeys: String, CodingKey {
        case eventId
        case creatorId
        case creatorName
        case title
        case description
        case location
        case startTime
        case createdAt
    }

    /// Reads a feed item; null or `""` description, location and creator name are `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        eventId = try container.decode(String.self, forKey: .eventId)
        creatorId = try container.decode(String.self, forKey: .creatorId)
        creatorName = try container.decodeText(forKey: .creatorName)
        title = try container.decode(String.self, forKey: .title)
        description = try container.decodeText(forKey: .description)
        location = try container.decodeText(forKey: .location)
        startTime = try container.decodeTimeIfPresent(forKey: .startTime)
        createdAt = try container.decodeTime(forKey: .createdAt)
    }
}

import Foundation

/// One item of ``SocialService/getFollowers(skip:limit:)``,
/// ``SocialService/getFollowing(skip:limit:)`` or ``SocialService/getMutualFollows(skip:limit:)``.
///
/// ``follower`` is the other user in a followers listing, ``following`` in a following
/// listing, and both in mutual follows; ``userId`` names them in every listing.
public struct FollowRelationship: Sendable, Hashable {
    /// The other user's id.
    public var userId: String
    /// The user who follows the acting user (followers and mutual listings).
    public var follower: SocialUser?
    /// The user the acting user follows (following and mutual listings).
    public var following: SocialUser?
    /// When the follow was made; for mutual follows, when it became mutual (the later follow).
    public var since: Date?
    /// The acting user's own contact holding the other user's phone number, if any.
    public var localContact: LocalContact?

    /// A relationship.
    public init(
        userId: String, follower: SocialUser?, following: SocialUser?, since: Date?, localContact: LocalContact?
    ) {
        self.userId = userId
        self.follower = follower
        self.following = following
        self.since = since
        self.localContact = localContact
    }
}

/// Which listing a relationship item came from, which decides where its user goes.
enum RelationshipListing: Sendable {
    /// `getFollowers`: the user is the follower.
    case followers
    /// `getFollowing`: the user is followed.
    case following
    /// `getMutualFollows`: both.
    case mutual
}

/// An item of a relationship page as the server writes it:
/// `{userId, displayName, since, localContact}`.
struct RelationshipItem: Sendable, Hashable, Decodable {
    let userId: String
    let displayName: String?
    let since: Date?
    let localContact: LocalContact?

    private enum CodingKeys: String, CodingKey {
        case userId
        case displayName
        case since
        case localContact
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userId = try container.decode(String.self, forKey: .userId)
        displayName = try container.decodeText(forKey: .displayName)
        since = try container.decodeTimeIfPresent(forKey: .since)
        localContact = try container.decodeIfPresent(LocalContact.self, forKey: .localContact)
    }

    /// The item as a relationship of `listing`.
    func relationship(in listing: RelationshipListing) -> FollowRelationship {
        let user = SocialUser(userId: userId, fullName: displayName)
        return FollowRelationship(
            userId: userId,
            follower: listing == .following ? nil : user,
            following: listing == .followers ? nil : user,
            since: since,
            localContact: localContact)
    }
}

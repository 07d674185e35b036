/// A follow named by user ids: `followerId` follows `followeeId` since `since` (ms since the
/// epoch). What a fixture file lists and a store holds; the follow graph keeps its own form on
/// dense user indexes.
public struct FollowRecord: Hashable, Sendable {
    /// Who follows.
    public var followerId: String
    /// Who is followed.
    public var followeeId: String
    /// When the follow began (ms since the epoch).
    public var since: Int64

    /// Makes a follow.
    public init(followerId: String, followeeId: String, since: Int64) {
        self.followerId = followerId
        self.followeeId = followeeId
        self.since = since
    }
}

/// A registered user as the social listings show them.
public struct SocialUser: Sendable, Hashable {
    /// The user's id.
    public var userId: String
    /// The user's registered display name; `nil` when they registered none.
    public var fullName: String?

    /// A user.
    public init(userId: String, fullName: String?) {
        self.userId = userId
        self.fullName = fullName
    }
}

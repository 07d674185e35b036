/// A registered user as the directory holds them (`registerUser`'s result).
public struct RegisteredUser: Hashable, Sendable {
    /// The user's id.
    public var userId: String
    /// The user's phone number in E.164 form (`+…`).
    public var e164: String
    /// The registered display name (`""` when none was given).
    public var displayName: String
}

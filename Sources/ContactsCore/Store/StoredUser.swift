/// A registered user as the store holds it.
public struct StoredUser: Hashable, Sendable {
    /// The user's store key (see ``StoreUserKey``).
    public var key: StoreUserKey
    /// The user id (1–128 UTF-8 bytes, compared byte for byte).
    public var userId: String
    /// The registered phone number: the E.164 digits after `+` as an integer.
    public var e164: UInt64
    /// The registered display name (`""` when none was given).
    public var displayName: String

    /// Makes a user record.
    public init(key: StoreUserKey, userId: String, e164: UInt64, displayName: String) {
        self.key = key
        self.userId = userId
        self.e164 = e164
        self.displayName = displayName
    }
}

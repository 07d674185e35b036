/// A registered user as the store holds it.
///
/// Not a fixture's `FixtureUser` (registration input: phone text and region, before
/// normalization): this is the normalized record, with its store key and E.164 number.
package struct StoredUser: Hashable, Sendable {
    /// The user's store key (see ``StoreUserKey``).
    package var key: StoreUserKey
    /// The user id (1–128 UTF-8 bytes, compared byte for byte).
    package var userId: String
    /// The registered phone number: the E.164 digits after `+` as an integer.
    package var e164: UInt64
    /// The registered display name (`""` when none was given).
    package var displayName: String

    /// Makes a user record.
    package init(key: StoreUserKey, userId: String, e164: UInt64, displayName: String) {
        self.key = key
        self.userId = userId
        self.e164 = e164
        self.displayName = displayName
    }
}

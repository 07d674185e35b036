/// The answer to ``ContactsService/registerUser(userId:phone:region:displayName:)``.
public struct RegisteredUser: Sendable, Hashable, Decodable {
    /// The registered user's id.
    public var userId: String
    /// Their phone number in E.164 form (`+14155550101`), as the server normalized it.
    public var e164: String

    /// A registration.
    public init(userId: String, e164: String) {
        self.userId = userId
        self.e164 = e164
    }
}

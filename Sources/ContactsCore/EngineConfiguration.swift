/// How an engine is set up.
public struct EngineConfiguration: Sendable {
    /// The default daily upload budget (PROTOCOL §6).
    public static let defaultDailyUploadBudget = 50_000
    /// The default seed of the phone-key hash. Deployments should pick their own, so that
    /// tables are not comparable across deployments by accident.
    public static let defaultPhoneKeySeed: UInt64 = 0x436F_6E74_6163_7473

    /// New distinct numbers a user may upload per UTC day; 0 means no limit.
    public var dailyUploadBudget: Int
    /// The most contacts one upload may carry.
    public var maximumContactsPerUpload: Int
    /// The seed of the XXH3 phone keys.
    public var phoneKeySeed: UInt64

    /// A configuration; the defaults are the protocol's.
    public init(
        dailyUploadBudget: Int = defaultDailyUploadBudget, maximumContactsPerUpload: Int = 10_000,
        phoneKeySeed: UInt64 = defaultPhoneKeySeed
    ) {
        self.dailyUploadBudget = dailyUploadBudget
        self.maximumContactsPerUpload = maximumContactsPerUpload
        self.phoneKeySeed = phoneKeySeed
    }
}

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

    /// The delta and dead entries of the user directory past which it is compacted in the
    /// background (when they also exceed its share, see ``SearchTables/isChurned(minimum:)``);
    /// tests lower it so that a few registrations cross it.
    package var directoryChurnMinimum = 64
    /// The nice value the user directory's background rebuilds run at (see
    /// ``ContactsSupport/ThreadNiceness``); nil: the priority of the thread whose change starts
    /// one. `serve --listen` gives them the readers' priority, below the changes', so that a
    /// rebuild takes the cores from neither.
    package var backgroundNiceness: Int32?
    /// Called on the thread doing a build off the engine's lock, before and after it (tests
    /// slow a build down with it, to see that nothing waits for it); nil in production.
    package var backgroundBuildHook: (@Sendable (BackgroundBuild) -> Void)?

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

/// A build the engine runs off its lock (see ``EngineConfiguration/backgroundBuildHook``).
package enum BackgroundBuild: Sendable, Equatable {
    /// The user directory is about to be compacted, on a copy.
    case compactingDirectory
    /// The compaction has replayed `replayed` of the changes made since its copy, off the
    /// exclusive lock; the rest are replayed under it as the compaction is swapped in.
    case caughtUpDirectory(replayed: Int)
    /// The compaction is over: the compacted directory has been swapped in, or dropped because
    /// the engine's state was reloaded meanwhile.
    case installedDirectory
    /// A book's search index is about to be built, from a copy of the book.
    case buildingBookIndex
}

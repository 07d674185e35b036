/// How an engine is set up.
public struct EngineConfiguration: Sendable {
    /// The default daily upload budget (PROTOCOL §6).
    public static let defaultDailyUploadBudget = 50_000

    /// New distinct numbers a user may upload per UTC day; 0 means no limit.
    public var dailyUploadBudget: Int
    /// The most contacts one upload may carry.
    public var maximumContactsPerUpload: Int

    /// A configuration; the defaults are the protocol's.
    public init(dailyUploadBudget: Int = defaultDailyUploadBudget, maximumContactsPerUpload: Int = 10_000) {
        self.dailyUploadBudget = dailyUploadBudget
        self.maximumContactsPerUpload = maximumContactsPerUpload
    }
}

/// The facade and single owner of all state: users, uploads and matches, the follow graph and
/// feed, contact and user search (PROTOCOL §5).
///
/// Every change takes one path — check, then apply under the writer lock — so nothing is
/// half-applied; reads run concurrently under the reader lock. The engine is `Sendable`:
/// a host may call it from many tasks at once.
///
/// ```swift
/// let engine = ContactsEngine()
/// _ = try engine.registerUser("u1", phone: "+14155552671", at: now)
/// ```
public final class ContactsEngine: Sendable {
    /// The engine's configuration.
    public let configuration: EngineConfiguration
    let state: ReadWriteLocked<EngineState>

    /// An empty in-memory engine.
    public init(configuration: EngineConfiguration = EngineConfiguration()) {
        self.configuration = configuration
        state = ReadWriteLocked(EngineState())
    }

    /// Milliseconds in a UTC day.
    static let millisecondsPerDay: Int64 = 86_400_000
}

extension EngineState {
    /// The dense index of the acting user, or `not_found`.
    func actingUser(_ userId: String) throws(RPCError) -> UInt32 {
        guard let index = userIndex[userId] else { throw .notFound("user '\(userId)' is not registered") }
        return index
    }

    /// The dense index of a target user, or `not_found`.
    func targetUser(_ userId: String) throws(RPCError) -> UInt32 {
        guard let index = userIndex[userId] else { throw .notFound("user '\(userId)' is not registered") }
        return index
    }
}

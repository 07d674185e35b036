/// How long a shared store's change log keeps a change (PROTOCOL §8): until every engine
/// that is alive has applied it and it is at least ``minimumMilliseconds`` old, and never
/// longer than ``maximumMilliseconds``. An engine that falls behind what was trimmed loads
/// the store afresh (`ChangeLogTrimmed`).
public struct ChangeLogRetention: Sendable, Hashable {
    /// A change younger than this is kept even when every engine has applied it, so that an
    /// engine loading the store meanwhile (from a snapshot older than the newest change) can
    /// follow on from its snapshot: longer than a load of the store takes. 15 minutes by default.
    public var minimumMilliseconds: Int
    /// A change older than this goes even when an engine has not applied it (a stalled
    /// engine must not make the log grow for ever). 24 hours by default.
    public var maximumMilliseconds: Int
    /// An engine that has not reported its position for this long counts as gone (it no
    /// longer holds the log back). 60 s by default.
    public var engineTimeoutMilliseconds: Int
    /// How often each engine trims the log. 10 s by default.
    public var trimIntervalMilliseconds: Int

    /// Makes a retention; every argument has the default described on its property.
    public init(
        minimumMilliseconds: Int = 900_000, maximumMilliseconds: Int = 86_400_000,
        engineTimeoutMilliseconds: Int = 60_000, trimIntervalMilliseconds: Int = 10_000
    ) {
        self.minimumMilliseconds = minimumMilliseconds
        self.maximumMilliseconds = maximumMilliseconds
        self.engineTimeoutMilliseconds = engineTimeoutMilliseconds
        self.trimIntervalMilliseconds = trimIntervalMilliseconds
    }
}

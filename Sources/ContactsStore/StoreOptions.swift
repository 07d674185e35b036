/// How a `SQLiteStore` opens and writes its file.
public struct StoreOptions: Sendable {
    /// When a committed transaction is forced to the disk (SQLite's `PRAGMA synchronous`
    /// in WAL mode).
    public enum Durability: Sendable {
        /// `synchronous=FULL`: the write-ahead log is synced at every commit. A committed
        /// transaction survives a process kill and a power loss or OS crash.
        case full
        /// `synchronous=NORMAL`: the log is synced only at checkpoints. A committed
        /// transaction survives a process kill (its bytes are in the OS page cache once
        /// the commit returns), and the file is never corrupted, but a power loss or OS
        /// crash may undo the last transactions.
        case normal
    }

    /// When commits reach the disk; `.full` by default.
    public var durability: Durability
    /// How long to wait for another connection's lock before failing with
    /// ``StoreError/locked(path:)``; 2 s by default.
    public var busyTimeoutMilliseconds: Int
    /// The longest a recorded recent search waits in memory before a background write;
    /// 250 ms by default, so that on a shared PostgreSQL store a search reaches the other
    /// engines within PROTOCOL §8's 1 s (see `SQLiteStore.recordSearch(userId:query:)`).
    public var searchFlushDelayMilliseconds: Int
    /// SQLite's page cache for this connection, in KiB; 32 MiB by default (sized for
    /// bulk loads of millions of follows, whose index pages are revisited).
    public var cacheKibibytes: Int
    /// How much of the file SQLite reads through a memory map instead of `read` calls, in
    /// MiB; 1 GiB by default (0 turns it off). It cuts the CPU time of a full load by about
    /// a third. The map is safe while the store holds its file exclusively; a process that
    /// truncates the file under a running store could make reads fault instead of fail.
    public var memoryMapMebibytes: Int
    /// How long a PostgreSQL store's change log keeps changes for the engines that follow it
    /// (PROTOCOL §8); the defaults of ``ChangeLogRetention``. SQLite has no change log.
    public var changeLogRetention: ChangeLogRetention

    /// Makes options; every argument has the default described on its property.
    public init(
        durability: Durability = .full, busyTimeoutMilliseconds: Int = 2_000,
        searchFlushDelayMilliseconds: Int = 250, cacheKibibytes: Int = 32_768,
        memoryMapMebibytes: Int = 1_024, changeLogRetention: ChangeLogRetention = ChangeLogRetention()
    ) {
        self.durability = durability
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.searchFlushDelayMilliseconds = searchFlushDelayMilliseconds
        self.cacheKibibytes = cacheKibibytes
        self.memoryMapMebibytes = memoryMapMebibytes
        self.changeLogRetention = changeLogRetention
    }
}

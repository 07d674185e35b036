import ContactsStore
import ContactsSupport
import PostgreSQLClient

extension PostgresStore: SharedStore {
    /// A feed of the change log (``PostgresChangeFeed``) on a connection of its own to the
    /// store's URI, listening on the store's channel.
    ///
    /// - Throws: ``StoreError/unavailable(path:detail:)`` when no host takes the connection.
    package func openFeed() throws -> any ChangeFeed {
        try PostgresChangeFeed(uri: uri, location: location, retention: options.changeLogRetention)
    }

    /// The order of the newest recent search the last ``load(into:)`` read
    /// (``PostgresSearchLog``).
    package var loadedSearchMark: Int64 {
        lastLoadedSearchMark.read { $0 }
    }
}

/// One engine's view of a ``PostgresStore``'s change log (see ``PostgresChangeLog``): LISTEN
/// on the store's channel to wake, one query to fetch what follows the engine's position.
/// Reports the engine's position in `change_log_readers` at most once a second, and trims
/// the log every ``ChangeLogRetention/trimIntervalMilliseconds``. The same channel carries
/// the notifications of written recent searches (``PostgresSearchLog``), which set
/// ``searchesDue`` instead of fetching changes.
///
/// Used by one thread at a time (the engine's follower).
final class PostgresChangeFeed: ChangeFeed {
    private let connection: PostgresConnection
    private let location: String
    private let retention: ChangeLogRetention
    /// This feed's row in `change_log_readers`: random, so that engines never share one.
    private let readerId = "engine-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    private var needsReset = false
    /// Set when a change may have been missed (at start, after a reset, after a full
    /// batch): the next call fetches without waiting for a notification.
    private var mustFetch = true
    private var lastFetch = ContinuousClock.now
    private var lastSearchFetch = ContinuousClock.now
    private var lastReport: (position: Int64, at: ContinuousClock.Instant)?
    private var lastTrim = ContinuousClock.now
    private var isClosed = false
    /// Set by a notification about searches, by a reconnection, or by the follower.
    var searchesDue = true
    /// The change position of the last ``searches(after:limit:)``: an engine behind it
    /// fetches changes at once (it merges those searches only once it has applied it).
    private var searchPosition: Int64 = 0

    /// The longest the feed goes without a fetch (of changes, and of searches) even when no
    /// notification came: a notification lost with a broken connection delays a change or
    /// a search by at most this.
    static let fetchInterval = Duration.milliseconds(500)
    /// How often the feed reports its position when it does not change.
    static let reportInterval = Duration.seconds(1)

    init(uri: String, location: String, retention: ChangeLogRetention) throws(StoreError) {
        self.location = location
        self.retention = retention
        connection = try PostgresStore.connect(uri, location: location)
        do {
            try connection.listen(try PostgresChangeLog.channel(on: connection))
        } catch {
            connection.close()
            throw StoreError.unavailable(path: location, detail: error.oneLine)
        }
    }

    deinit {
        close()
    }

    func changes(after position: Int64, limit: Int, waiting timeout: Duration) throws -> [PositionedChange] {
        guard !isClosed else { throw StoreError.closed(path: location) }
        do {
            if needsReset || !connection.isConnected {
                try connection.reset()
                needsReset = false
                mustFetch = true
                searchesDue = true
            }
            try report(position)
            if searchPosition > position { mustFetch = true }
            if ContinuousClock.now - lastSearchFetch >= Self.fetchInterval { searchesDue = true }
            if !mustFetch && ContinuousClock.now - lastFetch < Self.fetchInterval {
                let waited = searchesDue ? nil : try connection.waitForNotification(timeout: timeout)
                let notifications = (waited.map { [$0] } ?? []) + (try connection.pendingNotifications())
                var changed = false
                for notification in notifications {
                    if notification.payload == PostgresSearchLog.notificationPayload {
                        searchesDue = true
                    } else {
                        changed = true
                    }
                }
                guard changed else { return [] }
            }
            mustFetch = false
            lastFetch = .now
            let result = try connection.execute(PostgresChangeLog.fetch, [.int64(position), .int64(Int64(limit))])
            let (changes, head) = try PostgresChangeLog.changes(in: result, after: position, location: location)
            if head > position + Int64(changes.count) { mustFetch = true }
            return changes
        } catch let error as PostgresError {
            if error.isConnectionError || error.sqlState == .readOnlySQLTransaction { needsReset = true }
            throw StoreError.unavailable(path: location, detail: error.oneLine)
        }
    }

    func searches(after mark: Int64, limit: Int) throws -> FollowedSearches {
        guard !isClosed else { throw StoreError.closed(path: location) }
        do {
            if needsReset || !connection.isConnected {
                try connection.reset()
                needsReset = false
                mustFetch = true
            }
            lastSearchFetch = .now
            let result = try connection.execute(PostgresSearchLog.fetch, [.int64(mark), .int64(Int64(limit))])
            let fetched = try PostgresSearchLog.searches(in: result, location: location)
            searchesDue = fetched.searches.count >= limit
            searchPosition = fetched.position
            return fetched
        } catch let error as PostgresError {
            if error.isConnectionError || error.sqlState == .readOnlySQLTransaction { needsReset = true }
            throw StoreError.unavailable(path: location, detail: error.oneLine)
        }
    }

    /// Reports `position` when it moved or a second passed, and trims when it is time.
    private func report(_ position: Int64) throws(PostgresError) {
        let now = ContinuousClock.now
        if lastReport.map({ $0.position != position || now - $0.at >= Self.reportInterval }) ?? true {
            try connection.execute(PostgresChangeLog.report, [.text(readerId), .int64(position)])
            lastReport = (position, now)
        }
        guard now - lastTrim >= .milliseconds(retention.trimIntervalMilliseconds) else { return }
        lastTrim = now
        try connection.execute(PostgresChangeLog.forgetGone, [.int64(Int64(retention.engineTimeoutMilliseconds))])
        try connection.execute(
            PostgresChangeLog.trim,
            [
                .int64(Int64(retention.engineTimeoutMilliseconds)), .int64(Int64(retention.minimumMilliseconds)),
                .int64(Int64(retention.maximumMilliseconds)),
            ])
    }

    /// Leaves `change_log_readers` (so this engine no longer holds the log back) and closes
    /// the connection.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if connection.isConnected { _ = try? connection.execute(PostgresChangeLog.leave, [.text(readerId)]) }
        connection.close()
    }
}

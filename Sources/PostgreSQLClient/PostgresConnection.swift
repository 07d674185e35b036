internal import CLibPQ

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#endif

/// One PostgreSQL session through libpq: the only owner of a `PGconn *`.
///
/// ```swift
/// let connection = try PostgresConnection.connect("postgresql://app@db1:5432,db2:5432/contacts"
///     + "?target_session_attrs=read-write")
/// let rows = try connection.execute("SELECT id, name FROM users WHERE org = $1", [.text(org)])
/// for row in 0..<rows.rowCount { print(try rows.int64(row: row, column: 0)) }
/// ```
///
/// **One thread at a time.** A connection is not `Sendable`: it may move between threads
/// but is used by one at a time (share it behind a `Mutex`, or give each worker its own).
///
/// **Parameters are always bound** (`PQsendQueryParams`, `PQsendQueryPrepared`), never
/// spliced into SQL. Integers, booleans and bytes travel in binary, text as text; results
/// come back in binary (see ``PostgresResult``).
///
/// **Waiting is bounded.** The socket is non-blocking; every wait for the server goes
/// through `poll` with ``responseTimeout``, so a server that vanished without closing the
/// socket gives a ``PostgresError/Kind/connectionLost`` error instead of a hung thread.
/// libpq sends with `MSG_NOSIGNAL`, so writing to a dropped connection never raises SIGPIPE.
///
/// **Recovery.** After a ``PostgresError/isConnectionError`` error, ``reset()`` reconnects
/// with the same parameters (trying every host of the URI again, honouring
/// `target_session_attrs`), prepares statements afresh on their next use, and listens
/// again on every channel.
package final class PostgresConnection {
    /// The libpq connection; nil once closed.
    private(set) var handle: OpaquePointer?
    /// Set when a wait timed out mid-command: the session is out of step until reset().
    var isBroken = false
    /// Named statements prepared on this session: name → SQL and parameter types.
    var preparedStatements: [String: PreparedStatementInfo] = [:]
    /// Column types of tables written with COPY, by COPY statement.
    var copyColumnTypes: [String: [UInt32]] = [:]
    /// Channels to LISTEN on again after a reset.
    var listenChannels: Set<String> = []
    private let notices: NoticeCollector

    /// How long one wait for the server may last before the connection is declared lost
    /// (and must be reset); nil waits for ever. Applies to every statement, COPY chunk,
    /// pipeline and commit, not to ``waitForNotification(timeout:)``, nor to connecting
    /// (`connect_timeout` in the URI bounds that).
    package var responseTimeout: Duration?

    /// What a prepared statement was prepared as on this session.
    struct PreparedStatementInfo {
        var sql: String
        var parameterTypes: [UInt32]
    }

    /// `connect_timeout` (seconds, per host) used when neither the URI nor
    /// `PGCONNECT_TIMEOUT` sets one: libpq's own default is to wait for ever, and the
    /// service must fail over within seconds (PROTOCOL §8: reconnect within 10 s).
    package static let defaultConnectTimeoutSeconds = 5

    private init(handle: OpaquePointer, notices: NoticeCollector, responseTimeout: Duration?) {
        self.handle = handle
        self.notices = notices
        self.responseTimeout = responseTimeout
    }

    deinit {
        if let handle { PQfinish(handle) }
    }

    /// Opens a session. `uri` is anything libpq takes: a `postgresql://` URI (several
    /// `host:port` pairs allowed, query parameters such as `target_session_attrs`,
    /// `connect_timeout`, `sslmode` passed through), a `key=value` string, or "" for the
    /// `PG*` environment variables alone; parameters the string leaves out come from the
    /// environment. The client encoding is always UTF-8.
    ///
    /// - Throws: ``PostgresError/Kind/connectionFailed`` with libpq's message (which names
    ///   every host tried), or ``PostgresError/Kind/client`` for a malformed URI.
    package static func connect(_ uri: String, responseTimeout: Duration? = nil) throws(PostgresError)
        -> PostgresConnection
    {
        // Earlier entries are defaults the URI may override; later ones override it.
        var keywords = ["fallback_application_name"]
        var values = ["contacts"]
        if getenv("PGCONNECT_TIMEOUT") == nil {
            keywords.append("connect_timeout")
            values.append(String(defaultConnectTimeoutSeconds))
        }
        keywords += ["dbname", "client_encoding"]
        values += [uri, "UTF8"]
        try checkSyntax(uri)
        let notices = NoticeCollector()
        guard let handle = openHandle(keywords: keywords, values: values) else {
            throw PostgresError(.connectionFailed, "libpq could not allocate a connection")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = Self.trimmedMessage(PQerrorMessage(handle))
            PQfinish(handle)
            throw PostgresError(.connectionFailed, message)
        }
        let connection = PostgresConnection(handle: handle, notices: notices, responseTimeout: responseTimeout)
        try connection.configureSession(handle)
        return connection
    }

    /// Closes the session (PQfinish). Later calls throw a client error; closing twice is
    /// harmless.
    package func close() {
        guard let handle else { return }
        self.handle = nil
        forgetSessionState()
        PQfinish(handle)
    }

    /// Reconnects with the parameters of ``connect(_:responseTimeout:)`` (PQreset):
    /// hosts are tried again from the first, `target_session_attrs` applied. Prepared
    /// statements are re-prepared on next use; LISTENs are issued again.
    ///
    /// - Throws: ``PostgresError/Kind/connectionFailed`` when no host takes the session
    ///   (call again later), or a client error after ``close()``.
    package func reset() throws(PostgresError) {
        guard let handle else {
            throw PostgresError(.client, "the connection was closed; connect again")
        }
        forgetSessionState()
        PQreset(handle)
        guard PQstatus(handle) == CONNECTION_OK else {
            throw PostgresError(.connectionFailed, Self.trimmedMessage(PQerrorMessage(handle)))
        }
        isBroken = false
        try configureSession(handle)
        for channel in listenChannels.sorted() {
            try execute("LISTEN \(try Self.quotedIdentifier(channel, what: "channel"))")
        }
    }

    /// Whether the session is open as far as libpq knows. libpq learns that a server
    /// went away only when it next reads or writes, so a dropped connection may still
    /// look open until the next statement fails.
    package var isConnected: Bool {
        guard let handle, !isBroken else { return false }
        return PQstatus(handle) == CONNECTION_OK
    }

    /// The state of the session's transaction.
    package enum TransactionStatus: Sendable, Hashable {
        /// No transaction is open.
        case idle
        /// A command is in progress.
        case active
        /// Inside a transaction block, no error so far.
        case inTransaction
        /// Inside a transaction block that an error aborted: only ROLLBACK will do.
        case failedTransaction
        /// The connection is bad or closed.
        case unknown
    }

    /// The state of the session's transaction, as of the last message from the server.
    package var transactionStatus: TransactionStatus {
        guard let handle, !isBroken else { return .unknown }
        switch PQtransactionStatus(handle) {
        case PQTRANS_IDLE: return .idle
        case PQTRANS_ACTIVE: return .active
        case PQTRANS_INTRANS: return .inTransaction
        case PQTRANS_INERROR: return .failedTransaction
        default: return .unknown
        }
    }

    /// A parameter the server reports to clients without being asked (`server_version`,
    /// `in_hot_standby`, `default_transaction_read_only`, `TimeZone`…), as last reported;
    /// nil when the server does not report it or the session is closed.
    package func serverParameter(_ name: String) -> String? {
        guard let handle, let value = PQparameterStatus(handle, name) else { return nil }
        return String(cString: value)
    }

    /// Whether the server is a hot standby (read-only, following a primary), from the
    /// `in_hot_standby` parameter PostgreSQL 14+ reports; nil for older servers. Free: no
    /// round trip. The server reports a promotion on the session's next exchange.
    package var isHotStandby: Bool? {
        serverParameter("in_hot_standby").map { $0 == "on" }
    }

    /// Whether new transactions on this session are read-only by default
    /// (`default_transaction_read_only`, reported by PostgreSQL 14+); nil for older servers.
    package var isDefaultTransactionReadOnly: Bool? {
        serverParameter("default_transaction_read_only").map { $0 == "on" }
    }

    /// The server's version as an integer (150018 for 15.18); nil when closed.
    package var serverVersion: Int? {
        guard let handle, PQstatus(handle) == CONNECTION_OK else { return nil }
        return Int(PQserverVersion(handle))
    }

    /// The host of the URI this session reached (with several hosts, the one that took
    /// it); nil when closed.
    package var host: String? {
        guard let handle, let host = PQhost(handle) else { return nil }
        return String(cString: host)
    }

    /// The port of the server this session reached; nil when closed.
    package var port: Int? {
        guard let handle, let port = PQport(handle) else { return nil }
        return Int(String(cString: port))
    }

    /// The server process serving this session (for `pg_terminate_backend`, and the
    /// sender of ``PostgresNotification/senderProcessID``); nil when closed.
    package var backendProcessID: Int32? {
        guard let handle, PQstatus(handle) == CONNECTION_OK else { return nil }
        return PQbackendPID(handle)
    }

    /// Returns and forgets the notices and warnings the server sent since the last call
    /// (oldest first, the latest 100 at most). A warning such as
    /// "canceling wait for synchronous replication" arrives here, not as an error.
    package func takeNotices() -> [PostgresNotice] {
        notices.take()
    }

    // MARK: - Internals shared by the extensions

    /// The handle, or the error that explains why there is none to use.
    func liveHandle() throws(PostgresError) -> OpaquePointer {
        guard let handle else {
            throw PostgresError(.client, "the connection was closed")
        }
        if isBroken {
            throw PostgresError(
                .connectionLost, "the connection stopped answering earlier and is out of step; call reset()")
        }
        return handle
    }

    /// The error for a libpq call that failed on the connection (a send, a flush, a
    /// read): connection lost when the connection is now bad, a client error otherwise.
    func connectionError(_ handle: OpaquePointer, statement: String?) -> PostgresError {
        let message = Self.trimmedMessage(PQerrorMessage(handle))
        let kind: PostgresError.Kind = PQstatus(handle) == CONNECTION_OK ? .client : .connectionLost
        return PostgresError(kind, message, statement: statement)
    }

    /// The libpq message text without its trailing newline.
    static func trimmedMessage(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "" }
        var text = String(cString: message)
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }

    /// `name` as an SQL identifier in double quotes (taken exactly, no case folding).
    ///
    /// - Throws: a client error for an empty name, one with U+0000, or one longer than the
    ///   63 bytes PostgreSQL keeps (it would silently truncate it).
    static func quotedIdentifier(_ name: String, what: String) throws(PostgresError) -> String {
        let length = name.utf8.count
        guard length > 0, length <= maximumIdentifierLength, !name.utf8.contains(0) else {
            throw PostgresError(
                .client,
                "\(what) \(name.debugDescription) must be 1 to \(maximumIdentifierLength) bytes without U+0000")
        }
        return "\"" + name.replacingAll("\"", with: "\"\"") + "\""
    }

    /// NAMEDATALEN - 1: the longest identifier PostgreSQL keeps whole.
    static let maximumIdentifierLength = 63

    /// Rejects a malformed URI or conninfo string up front (PQconninfoParse), so that a
    /// configuration mistake is a client error, not an unreachable server to retry.
    private static func checkSyntax(_ uri: String) throws(PostgresError) {
        // libpq expands only these forms; anything else is a bare database name.
        guard uri.contains("=") || uri.hasPrefix("postgresql://") || uri.hasPrefix("postgres://") else { return }
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(uri, &message) else {
            let text = message.map { trimmedMessage($0) } ?? "out of memory"
            PQfreemem(message)
            throw PostgresError(.client, "malformed connection string: \(text)")
        }
        PQconninfoFree(options)
    }

    /// PQconnectdbParams over NULL-terminated copies of `keywords` and `values`.
    private static func openHandle(keywords: [String], values: [String]) -> OpaquePointer? {
        let keywordCopies = keywords.map { strdup($0) }
        let valueCopies = values.map { strdup($0) }
        defer {
            keywordCopies.forEach { free($0) }
            valueCopies.forEach { free($0) }
        }
        let keywordPointers = keywordCopies.map { UnsafePointer($0) } + [nil]
        let valuePointers = valueCopies.map { UnsafePointer($0) } + [nil]
        return keywordPointers.withUnsafeBufferPointer { keywordBuffer in
            valuePointers.withUnsafeBufferPointer { valueBuffer in
                guard let keywordBase = keywordBuffer.baseAddress, let valueBase = valueBuffer.baseAddress else {
                    return nil
                }
                return PQconnectdbParams(keywordBase, valueBase, 1)
            }
        }
    }

    /// Non-blocking mode (every wait goes through poll) and the notice receiver.
    private func configureSession(_ handle: OpaquePointer) throws(PostgresError) {
        guard PQsetnonblocking(handle, 1) == 0 else {
            throw connectionError(handle, statement: nil)
        }
        notices.install(on: handle)
    }

    private func forgetSessionState() {
        preparedStatements.removeAll()
        copyColumnTypes.removeAll()
        isBroken = false
    }
}

@available(*, unavailable, message: "a connection is used by one thread at a time; guard it with a Mutex")
extension PostgresConnection: Sendable {}

extension String {
    /// This string with every `target` replaced (Foundation-free).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}

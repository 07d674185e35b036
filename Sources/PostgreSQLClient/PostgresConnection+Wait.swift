internal import CLibPQ

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#endif

/// The one place that waits for the server: poll on the socket with a deadline, flush the
/// output, read results. Every other file sends through libpq and then calls these.
extension PostgresConnection {
    /// What poll said about the socket.
    enum Readiness {
        case ready(readable: Bool, writable: Bool)
        case timedOut
    }

    /// The end of one wait under ``responseTimeout`` (nil: no end).
    func responseDeadline() -> ContinuousClock.Instant? {
        responseTimeout.map { ContinuousClock.now + $0 }
    }

    /// Waits until the socket is readable (or writable, with `write`) or `deadline`
    /// passes. Interrupted polls are resumed.
    func pollSocket(_ handle: OpaquePointer, write: Bool, until deadline: ContinuousClock.Instant?)
        throws(PostgresError)
        -> Readiness
    {
        let socket = PQsocket(handle)
        guard socket >= 0 else {
            throw PostgresError(.connectionLost, Self.trimmedMessage(PQerrorMessage(handle)))
        }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN) | (write ? Int16(POLLOUT) : 0), revents: 0)
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let remaining = deadline - ContinuousClock.now
                if remaining <= .zero { return .timedOut }
                milliseconds = Self.roundedUpMilliseconds(remaining)
            }
            let count = poll(&descriptor, 1, milliseconds)
            if count > 0 {
                let readable = descriptor.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0
                return .ready(readable: readable, writable: descriptor.revents & Int16(POLLOUT) != 0)
            }
            if count < 0, errno != EINTR {
                throw PostgresError(.connectionLost, "poll on the connection's socket failed: errno \(errno)")
            }
        }
    }

    /// Like ``pollSocket(_:write:until:)``, but a timeout breaks the connection: the command in
    /// flight is abandoned and the session is out of step until ``reset()``.
    func awaitSocket(
        _ handle: OpaquePointer, write: Bool, until deadline: ContinuousClock.Instant?, statement: String?
    ) throws(PostgresError) -> (readable: Bool, writable: Bool) {
        switch try pollSocket(handle, write: write, until: deadline) {
        case .ready(let readable, let writable):
            return (readable, writable)
        case .timedOut:
            isBroken = true
            let limit = responseTimeout.map { " within \($0)" } ?? ""
            throw PostgresError(
                .connectionLost, "no answer from the server\(limit); the connection must be reset",
                statement: statement)
        }
    }

    /// Sends everything libpq has queued, reading meanwhile whatever the server sends so
    /// that neither side blocks on a full socket (libpq's advice for non-blocking mode).
    func flush(_ handle: OpaquePointer, statement: String?) throws(PostgresError) {
        let deadline = responseDeadline()
        while true {
            let pending = PQflush(handle)
            if pending == 0 { return }
            if pending < 0 { throw connectionError(handle, statement: statement) }
            let ready = try awaitSocket(handle, write: true, until: deadline, statement: statement)
            if ready.readable, PQconsumeInput(handle) == 0 {
                throw connectionError(handle, statement: statement)
            }
        }
    }

    /// The next result of the command in flight (owned by the caller: wrap it in a
    /// ``PostgresResult`` or PQclear it), or nil when the command has no more.
    func nextResult(_ handle: OpaquePointer, statement: String?) throws(PostgresError) -> OpaquePointer? {
        let deadline = responseDeadline()
        while PQisBusy(handle) == 1 {
            _ = try awaitSocket(handle, write: false, until: deadline, statement: statement)
            // On failure the connection is bad and PQgetResult returns the error at once.
            if PQconsumeInput(handle) == 0 { break }
        }
        return PQgetResult(handle)
    }

    /// Reads every result of the command in flight, so that the connection is ready for
    /// the next one, and returns them; the first error is thrown after the drain.
    func finishCommand(_ handle: OpaquePointer, statement: String?) throws(PostgresError) -> [PostgresResult] {
        var results: [PostgresResult] = []
        var failure: PostgresError?
        while let raw = try nextResult(handle, statement: statement) {
            switch PQresultStatus(raw) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
                results.append(PostgresResult(taking: raw))
            case PGRES_COPY_IN:
                PQclear(raw)
                _ = PQputCopyEnd(handle, "COPY FROM STDIN goes through copyIn(table:columns:_:)")
                try flush(handle, statement: statement)
                failure = failure ?? PostgresError(.client, "use copyIn(table:columns:_:) for COPY FROM STDIN")
            case PGRES_COPY_OUT:
                PQclear(raw)
                try discardCopyOut(handle, statement: statement)
                failure = failure ?? PostgresError(.client, "COPY TO STDOUT is not supported; its rows were dropped")
            case PGRES_COPY_BOTH:
                PQclear(raw)
                isBroken = true
                failure = failure ?? PostgresError(.client, "replication (COPY BOTH) is not supported")
                return []
            default:
                failure = failure ?? resultError(raw, handle: handle, statement: statement)
                PQclear(raw)
            }
        }
        if let failure { throw failure }
        if PQstatus(handle) != CONNECTION_OK {
            throw PostgresError(.connectionLost, Self.trimmedMessage(PQerrorMessage(handle)), statement: statement)
        }
        return results
    }

    /// The error a failed result describes, with every field the server sent. The session
    /// is lost when the connection went bad or the server ended it (FATAL, PANIC, or a
    /// SQLSTATE of class 08 or 57P01-57P03).
    func resultError(_ result: OpaquePointer, handle: OpaquePointer, statement: String?) -> PostgresError {
        func field(_ code: UInt8) -> String? {
            PQresultErrorField(result, Int32(code)).map { String(cString: $0) }
        }
        let sqlState = field(DiagnosticField.sqlState).map(SQLState.init(rawValue:))
        let severity = field(DiagnosticField.severityNonLocalized) ?? field(DiagnosticField.severity)
        let message = field(DiagnosticField.message) ?? Self.trimmedMessage(PQresultErrorMessage(result))
        let sessionEnded =
            severity == "FATAL" || severity == "PANIC"
            || (sqlState.map { $0.endsSession && $0 != .protocolViolation } ?? false)
        let lost = PQstatus(handle) != CONNECTION_OK || sessionEnded
        var error = PostgresError(lost ? .connectionLost : .server, message, sqlState: sqlState, statement: statement)
        error.severity = severity
        error.detail = field(DiagnosticField.detail)
        error.hint = field(DiagnosticField.hint)
        error.schema = field(DiagnosticField.schema)
        error.table = field(DiagnosticField.table)
        error.column = field(DiagnosticField.column)
        error.constraint = field(DiagnosticField.constraint)
        error.context = field(DiagnosticField.context)
        error.position = field(DiagnosticField.position).flatMap { Int($0) }
        return error
    }

    /// Reads and drops the rows of a COPY TO STDOUT someone ran through ``execute(_:_:)``.
    private func discardCopyOut(_ handle: OpaquePointer, statement: String?) throws(PostgresError) {
        let deadline = responseDeadline()
        while true {
            var buffer: UnsafeMutablePointer<CChar>?
            let length = PQgetCopyData(handle, &buffer, 1)
            if let buffer { PQfreemem(buffer) }
            if length > 0 { continue }
            if length < 0 { return }  // -1: done, PQgetResult has the status; -2: error, likewise
            _ = try awaitSocket(handle, write: false, until: deadline, statement: statement)
            if PQconsumeInput(handle) == 0 { return }
        }
    }

    private static func roundedUpMilliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}

/// The field codes of `PQresultErrorField` (libpq's `PG_DIAG_*` character constants).
enum DiagnosticField {
    static let severity = UInt8(ascii: "S")
    static let severityNonLocalized = UInt8(ascii: "V")
    static let sqlState = UInt8(ascii: "C")
    static let message = UInt8(ascii: "M")
    static let detail = UInt8(ascii: "D")
    static let hint = UInt8(ascii: "H")
    static let position = UInt8(ascii: "P")
    static let context = UInt8(ascii: "W")
    static let schema = UInt8(ascii: "s")
    static let table = UInt8(ascii: "t")
    static let column = UInt8(ascii: "c")
    static let constraint = UInt8(ascii: "n")
}

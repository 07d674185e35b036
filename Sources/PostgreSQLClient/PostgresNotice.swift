internal import CLibPQ

/// A notice or warning the server sent beside a statement's answer (not an error).
package struct PostgresNotice: Sendable, Hashable {
    /// The non-localized severity: `WARNING`, `NOTICE`, `INFO`, `LOG`, `DEBUG`.
    package var severity: String
    /// The SQLSTATE (`01000` for a plain warning).
    package var sqlState: SQLState?
    /// The primary message.
    package var message: String
    /// The DETAIL line, if any.
    package var detail: String?
}

/// Receives a connection's notices from libpq (PQsetNoticeReceiver) instead of libpq's
/// default of printing them to stderr. libpq calls it on the thread using the connection,
/// inside a libpq call, so it needs no lock.
final class NoticeCollector {
    /// Notices kept between two ``take()`` calls: the latest ones win, so that a session
    /// that never looks does not grow without bound.
    static let capacity = 100

    private var pending: [PostgresNotice] = []

    /// Routes `handle`'s notices here. The connection keeps this object alive for as long
    /// as the handle lives.
    func install(on handle: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        PQsetNoticeReceiver(
            handle,
            { context, result in
                guard let context, let result else { return }
                let collector = Unmanaged<NoticeCollector>.fromOpaque(context).takeUnretainedValue()
                collector.receive(result)
            }, context)
    }

    /// The notices since the last call, oldest first.
    func take() -> [PostgresNotice] {
        defer { pending.removeAll() }
        return pending
    }

    private func receive(_ result: OpaquePointer) {
        func field(_ code: UInt8) -> String? {
            PQresultErrorField(result, Int32(code)).map { String(cString: $0) }
        }
        let notice = PostgresNotice(
            severity: field(DiagnosticField.severityNonLocalized) ?? field(DiagnosticField.severity) ?? "NOTICE",
            sqlState: field(DiagnosticField.sqlState).map(SQLState.init(rawValue:)),
            message: field(DiagnosticField.message)
                ?? PostgresConnection.trimmedMessage(PQresultErrorMessage(result)),
            detail: field(DiagnosticField.detail))
        if pending.count == Self.capacity { pending.removeFirst() }
        pending.append(notice)
    }
}

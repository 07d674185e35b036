import Foundation

/// The one error every ``ContactsService`` call throws.
///
/// ``reason`` says what went wrong as a stable string: the service's own reasons (PROTOCOL §5:
/// `invalid_params`, `not_found`, `conflict`, `rate_limited`, …; §7–§8: `forbidden`,
/// `unavailable`) or one of the client's transport-level reasons (`unauthorized`,
/// `http_status`, `network`, …). ``Reason`` lists them all with what each means. Compare with
/// the constants rather than with literals:
///
/// ```swift
/// do {
///     try await ContactsService.shared.friendFinder.uploadContacts(book)
/// } catch let error where error.reason == ContactsServiceError.Reason.rateLimited {
///     scheduleUpload(after: error.retryAfter ?? 3_600)
/// }
/// ```
public struct ContactsServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong: one of the strings in ``Reason``, or a reason a newer server sent that
    /// this client does not know yet (passed through unchanged).
    public var reason: String

    /// A human-readable explanation: the server's message when it sent one, else the client's.
    /// For logs and diagnostics, not for matching on.
    public var message: String

    /// How long to wait before trying again, when the server said: `data.retryAfterMs` of a
    /// `rate_limited` answer (the time to the next UTC day for the upload budget), or the
    /// `Retry-After` header of an HTTP 503 (the engine is still loading its store). `nil` when
    /// the server gave no hint.
    public var retryAfter: TimeInterval?

    /// The JSON-RPC error code of a service error (`-32602`, `-32004`, …), `nil` for errors the
    /// client found itself or that came as an HTTP status.
    public var code: Int?

    /// The HTTP status of the answer that carried the error (200 for JSON-RPC errors), `nil`
    /// when no HTTP answer arrived (a `network` error) or the client found the error itself.
    public var httpStatus: Int?

    /// For `unavailable` answers to a read that waited for a position (PROTOCOL §8): the
    /// position the answering engine had reached (`data.position`). `nil` otherwise.
    public var position: Int64?

    /// Makes an error; the client makes them, and apps may too (for example in test doubles).
    public init(
        reason: String, message: String, retryAfter: TimeInterval? = nil, code: Int? = nil, httpStatus: Int? = nil,
        position: Int64? = nil
    ) {
        self.reason = reason
        self.message = message
        self.retryAfter = retryAfter
        self.code = code
        self.httpStatus = httpStatus
        self.position = position
    }

    /// True for failures that trying the same request again may cure: `network` and
    /// `unavailable`. The client already retries these for calls that are safe to repeat (see
    /// ``RetryPolicy``); a call that is not safe to repeat (for example `createEvent` without an
    /// `eventId`) throws them at once, and the app decides.
    public var isRetryable: Bool {
        reason == Reason.network || reason == Reason.unavailable
    }

    /// `reason: message`, with the retry hint when there is one.
    public var description: String {
        var text = "\(reason): \(message)"
        if let retryAfter { text += " (retry after \(retryAfter) s)" }
        return text
    }
}

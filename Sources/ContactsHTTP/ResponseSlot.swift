import Synchronization

/// Where a worker thread leaves the handler's response for the event-loop thread.
final class ResponseSlot: Sendable {
    private let response = Mutex<HTTPResponse?>(nil)

    /// Leaves `value` for `take()`.
    func store(_ value: HTTPResponse) {
        response.withLock { $0 = value }
    }

    /// The response left by `store`, or nil when there is none.
    func take() -> HTTPResponse? {
        response.withLock { slot in
            defer { slot = nil }
            return slot
        }
    }
}

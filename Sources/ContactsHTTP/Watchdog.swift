import ContactsSupport
import Dispatch

/// A thread that, every tick, closes the connections past their deadline and lets the
/// worker pool add a thread when its handlers block.
final class Watchdog: Sendable {
    /// How often deadlines are checked: timeouts are enforced at most this late, and a
    /// tick costs one pass over the open connections.
    static let tick = DispatchTimeInterval.milliseconds(100)

    private let stopRequest = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread watching `core`.
    init(core: ServerCore) {
        NamedThread.start(name: "http watchdog") { [stopRequest, finished] in
            while stopRequest.wait(timeout: .now() + Self.tick) == .timedOut {
                core.registry.closeExpired(now: Int64(WallClock.monotonicNanoseconds()))
                core.workers?.rebalance()
            }
            finished.signal()
        }
    }

    /// Stops the thread and returns once it has left.
    func stop() {
        stopRequest.signal()
        finished.wait()
    }
}

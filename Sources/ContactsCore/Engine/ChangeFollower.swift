import ContactsStore
import ContactsSupport
import Dispatch

/// The thread of an engine on a ``SharedStore`` that follows the store's change log
/// (PROTOCOL §8): it wakes when another engine commits, fetches the changes after this
/// engine's position and applies them, in commit order, through the engine's one mutation
/// path; when the log was trimmed past this engine's position it loads the store afresh.
/// It also merges the recent searches the engines write (``ContactsEngine/mergeFollowedSearches(from:)``).
///
/// It holds the engine weakly: an engine released without ``ContactsEngine/close()`` stops
/// its follower within one wait.
final class ChangeFollower: Sendable {
    private let stopped = ReadWriteLocked(false)
    /// Signalled by ``stop()``: ends a back-off sleep at once.
    private let wake = DispatchSemaphore(value: 0)
    /// Signalled when the thread ends.
    private let finished = DispatchSemaphore(value: 0)
    private let started = ReadWriteLocked(false)

    /// The most changes applied under one hold of the engine's writer lock, so that the
    /// engine's own writes are not held up long behind a large catch-up.
    static let batchLimit = 500
    /// How long one wait for a notification lasts: bounds how long ``stop()`` waits.
    static let waitTimeout = Duration.milliseconds(100)
    /// The pause after the store could not be reached, before trying again.
    static let retryDelayMilliseconds = 200

    /// Starts following `store` for `engine`, on a thread of its own.
    func start(engine: ContactsEngine, store: any SharedStore) {
        started.write { $0 = true }
        let engine: @Sendable () -> ContactsEngine? = { [weak engine] in engine }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            self.run(engine: engine, store: store)
            self.finished.signal()
        }
    }

    /// Stops the thread and waits for it to end (at once when it was never started).
    /// Stopping twice does nothing.
    func stop() {
        let wasRunning = stopped.write { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard wasRunning, started.read({ $0 }) else { return }
        wake.signal()
        finished.wait()
    }

    private var isStopped: Bool { stopped.read { $0 } }

    private func run(engine engineReference: () -> ContactsEngine?, store: any SharedStore) {
        var feed: (any ChangeFeed)?
        defer { feed?.close() }
        while !isStopped {
            guard let position = engineReference()?.position else { return }
            do {
                let current = try feed ?? store.openFeed()
                feed = current
                let changes = try current.changes(after: position, limit: Self.batchLimit, waiting: Self.waitTimeout)
                guard let engine = engineReference() else { return }
                if !changes.isEmpty {
                    do {
                        try engine.applyFollowed(changes)
                    } catch {
                        // Memory refused a committed change: only a fresh load can be trusted.
                        try engine.reload()
                    }
                }
                if current.searchesDue, !(try engine.mergeFollowedSearches(from: current)) {
                    current.searchesDue = true
                }
            } catch is ChangeLogTrimmed {
                do {
                    try engineReference()?.reload()
                } catch {
                    pause()
                }
            } catch {
                pause()
            }
        }
    }

    /// Sleeps for the retry delay, or until ``stop()``.
    private func pause() {
        _ = wake.wait(timeout: .now() + .milliseconds(Self.retryDelayMilliseconds))
    }
}

import ContactsModel
import ContactsSearch
import ContactsSupport
import Synchronization

/// The last ``EngineState/directoryCompaction`` handed out in this process.
private let lastDirectoryCompaction = Atomic<UInt64>(0)

extension ContactsEngine {
    /// The changes of a rebuild's catch-up at most left for the exclusive lock: the rest are
    /// replayed on the rebuilt copy beforehand, reading the users under the shared lock.
    static let directoryCatchUpRemainder = 256
    /// The user ids a catch-up round reads under the shared lock at once.
    static let directoryCatchUpBatch = 1_024
    /// The catch-up rounds before the rest is left to the exclusive lock, should changes keep
    /// coming faster than they are replayed.
    static let directoryCatchUpRounds = 64

    /// Starts rebuilding the user directory's base on a background thread when its delta and
    /// dead entries have outgrown their share and no rebuild is under way: the rebuild reads a
    /// copy of the directory (a copy-on-write value) while changes go on in the delta, catches
    /// up with the changes made meanwhile on the rebuilt copy (reading the users under the
    /// shared lock, a batch at a time), then swaps itself in under the exclusive lock after
    /// replaying the last few (``EngineState/installDirectory(_:caughtUp:compaction:)``); the directory
    /// it replaces is released after the lock. So no change waits for a rebuild, and
    /// `searchUsers` answers the same at every moment.
    ///
    /// - Parameter current: the state, held exclusively by the caller.
    /// - Complexity: O(1) here; the rebuild, O(n log n) for n users, runs on a thread of its own
    ///   at ``EngineConfiguration/backgroundNiceness``; the exclusive lock is held for at most
    ///   about ``directoryCatchUpRemainder`` replayed changes.
    func compactDirectoryIfChurned(_ current: inout EngineState) {
        guard current.directoryChangedIDs == nil,
            current.directory.tables.isChurned(minimum: configuration.directoryChurnMinimum)
        else { return }
        let compaction = lastDirectoryCompaction.add(1, ordering: .relaxed).newValue
        current.directoryChangedIDs = []
        current.directoryCompaction = compaction
        current.directorySharesStorage = true
        let snapshot = current.directory
        NamedThread.start(name: "dir rebuild", niceness: configuration.backgroundNiceness) {
            [self] in
            configuration.backgroundBuildHook?(.compactingDirectory)
            var rebuilt = snapshot.compacted()
            let caughtUp = catchUp(&rebuilt, compaction: compaction)
            // Room for the registrations to come, made here so that the committer need not.
            rebuilt.reserveRoom(forAdding: EngineState.registrationRoom(forUsers: rebuilt.count))
            configuration.backgroundBuildHook?(.caughtUpDirectory(replayed: caughtUp))
            let replaced = state.write {
                $0.installDirectory(&rebuilt, caughtUp: caughtUp, compaction: compaction)
            }
            withExtendedLifetime(replaced) {}  // the old directory is freed here, after the lock
            configuration.backgroundBuildHook?(.installedDirectory)
        }
    }

    /// Replays on `rebuilt` the directory changes made since its copy, off the exclusive lock,
    /// until at most ``directoryCatchUpRemainder`` are left (or after
    /// ``directoryCatchUpRounds`` rounds, or once the state is no longer that of `compaction`);
    /// returns how many it replayed.
    private func catchUp(_ rebuilt: inout ContactSearchIndex, compaction: UInt64) -> Int {
        var caughtUp = 0
        for _ in 0..<Self.directoryCatchUpRounds {
            let entries = state.read { current -> [(userId: String, entry: Contact?)]? in
                guard current.directoryCompaction == compaction, let changed = current.directoryChangedIDs,
                    changed.count - caughtUp > Self.directoryCatchUpRemainder
                else { return nil }
                let end = min(changed.count, caughtUp + Self.directoryCatchUpBatch)
                return current.directoryEntries(for: changed[caughtUp..<end])
            }
            guard let entries else { break }
            EngineState.replay(entries, onto: &rebuilt)
            caughtUp += entries.count
        }
        return caughtUp
    }
}

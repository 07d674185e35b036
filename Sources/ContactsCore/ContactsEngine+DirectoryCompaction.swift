import ContactsSearch
import ContactsSupport

extension ContactsEngine {
    /// Starts rebuilding the user directory's base on a background thread when its delta and
    /// dead entries have outgrown their share and no rebuild is under way: the rebuild reads a
    /// copy of the directory (a copy-on-write value) while changes go on in the delta, then
    /// swaps itself in under the exclusive lock after replaying the changes made meanwhile
    /// (``EngineState/installDirectory(_:)``). So no change waits for a rebuild, and
    /// `searchUsers` answers the same at every moment.
    ///
    /// - Parameter current: the state, held exclusively by the caller.
    /// - Complexity: O(1) here; the rebuild, O(n log n) for n users, runs on a thread of its own
    ///   at ``EngineConfiguration/backgroundNiceness``.
    func compactDirectoryIfChurned(_ current: inout EngineState) {
        guard current.directoryChangedIDs == nil,
            current.directory.tables.isChurned(minimum: configuration.directoryChurnMinimum)
        else { return }
        current.directoryChangedIDs = []
        let snapshot = current.directory
        NamedThread.start(name: "dir rebuild", niceness: configuration.backgroundNiceness) {
            [self] in
            configuration.backgroundBuildHook?(.compactingDirectory)
            let compacted = snapshot.compacted()
            state.write { $0.installDirectory(compacted) }
            configuration.backgroundBuildHook?(.installedDirectory)
        }
    }
}

import Foundation

/// A thread of its own (not one of Dispatch's shared workers), for long-lived loops and for
/// work that runs at a priority of its own: a nice value set on a shared worker would stay
/// with it for whatever runs there next.
package enum NamedThread {
    /// Starts a thread named `name` (as `ps` and debuggers show it) that sets its nice value to
    /// `niceness` (nil: it keeps its creator's, see ``ThreadNiceness``) and then runs `body`;
    /// the thread ends when `body` returns.
    package static func start(name: String, niceness: Int32? = nil, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            if let niceness { ThreadNiceness.set(niceness) }
            body()
        }
        thread.name = name
        thread.start()
    }
}

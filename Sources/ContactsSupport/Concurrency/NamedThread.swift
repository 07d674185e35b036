import CThreadName
import Foundation

/// A thread of its own (not one of Dispatch's shared workers), for long-lived loops and for
/// work that runs at a priority of its own: a nice value set on a shared worker would stay
/// with it for whatever runs there next.
package enum NamedThread {
    /// The most bytes of a thread's name Linux keeps (`TASK_COMM_LEN` less its terminator); it
    /// refuses a longer name outright.
    static let longestKernelName = 15

    /// Starts a thread named `name` (as `ps -L`, `top -H` and debuggers show it: its first
    /// ``longestKernelName`` bytes, cut before a character that would not fit whole) that sets
    /// its nice value to `niceness` (nil: it keeps its creator's, see ``ThreadNiceness``) and
    /// then runs `body`; the thread ends when `body` returns.
    package static func start(name: String, niceness: Int32? = nil, _ body: @escaping @Sendable () -> Void) {
        let kernelName = kernelName(name)
        let thread = Thread {
            // Foundation's `Thread.name` does not reach the kernel on Linux; the thread names
            // itself.
            contacts_name_this_thread(kernelName)
            if let niceness { ThreadNiceness.set(niceness) }
            body()
        }
        thread.name = kernelName
        thread.start()
    }

    /// `name`'s longest prefix of whole characters that fits in ``longestKernelName`` bytes.
    static func kernelName(_ name: String) -> String {
        var kept = ""
        for character in name {
            guard kept.utf8.count + character.utf8.count <= longestKernelName else { break }
            kept.append(character)
        }
        return kept
    }
}

import ContactsSupport
import Dispatch
import Foundation
import Synchronization
import Testing

/// What `ps -L`, `top -H` and debuggers show for the threads the project starts.
@Suite struct NamedThreadTests {
    /// The name the kernel holds for the calling thread (`/proc/thread-self/comm`).
    static func kernelName() -> String {
        let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return comm.hasSuffix("\n") ? String(comm.dropLast()) : comm
    }

    /// The name the started thread holds for itself, and its nice value.
    static func startAndRead(name: String, niceness: Int32? = nil) -> (name: String, niceness: Int32) {
        let seen = Mutex<(name: String, niceness: Int32)>(("", 0))
        let done = DispatchSemaphore(value: 0)
        NamedThread.start(name: name, niceness: niceness) {
            let observed = (Self.kernelName(), ThreadNiceness.current)
            seen.withLock { $0 = observed }
            done.signal()
        }
        done.wait()
        return seen.withLock { $0 }
    }

    @Test func aShortNameIsTheThreadsName() {
        #expect(Self.startAndRead(name: "dir rebuild").name == "dir rebuild")
    }

    /// Linux keeps 15 bytes of a thread's name and refuses a longer one outright: the thread
    /// gets the name's first 15 bytes, cut before a character that would not fit whole.
    @Test func aLongNameIsCutToWhatLinuxKeeps() {
        #expect(Self.startAndRead(name: "http priority 12 of 16").name == "http priority 1")
        #expect(Self.startAndRead(name: "répertoires rêvés").name == "répertoires r")
    }

    @Test func theThreadTakesTheGivenNiceness() throws {
        let wanted = try #require(ThreadNiceness.lowered(by: 2))
        #expect(Self.startAndRead(name: "nice test", niceness: wanted).niceness == wanted)
    }
}

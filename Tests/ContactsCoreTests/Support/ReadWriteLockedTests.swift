import ContactsSupport
import Dispatch
import Foundation
import Synchronization
import Testing

/// Who goes first on a `ReadWriteLocked` when a reader holds it and a writer waits.
@Suite struct ReadWriteLockedTests {
    /// Runs `body` on a thread of its own at once (not on a shared pool that other tests may
    /// have filled with blocked work), signalling `done` when it returns.
    static func start(_ done: DispatchSemaphore, _ body: @escaping @Sendable () -> Void) {
        Thread {
            body()
            done.signal()
        }.start()
    }

    /// A reader holds the lock, a writer asks for it, then a second reader asks: with
    /// `.readers` the second reader goes in at once, beside the first; with `.writers` it
    /// comes after the writer, once the first reader lets go.
    @Test(arguments: [ReadWriteLocked<Int>.Preference.writers, .readers])
    func aWaitingWriterGoesBeforeNewReadersOnlyWhenPreferred(_ preference: ReadWriteLocked<Int>.Preference) {
        let lock = ReadWriteLocked(0, preferring: preference)
        let order = Mutex<[String]>([])
        let firstInside = DispatchSemaphore(value: 0)
        let releaseFirst = DispatchSemaphore(value: 0)
        let (firstDone, writerDone, secondDone) = (
            DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)
        )
        Self.start(firstDone) {
            lock.read { _ in
                firstInside.signal()
                releaseFirst.wait()
            }
        }
        firstInside.wait()
        Self.start(writerDone) {
            lock.write { value in
                value += 1
                order.withLock { $0.append("writer") }
            }
        }
        // Long enough for the writer's thread to be waiting for the lock, on a busy machine too.
        Thread.sleep(forTimeInterval: 0.5)
        Self.start(secondDone) {
            lock.read { _ in order.withLock { $0.append("reader") } }
        }
        // With `.readers` the second reader finishes while the first still holds the lock;
        // with `.writers` it cannot before the writer, which waits for the first.
        let secondFinishedEarly = secondDone.wait(timeout: .now() + (preference == .readers ? 10 : 0.5)) == .success
        #expect(secondFinishedEarly == (preference == .readers))
        releaseFirst.signal()
        firstDone.wait()
        writerDone.wait()
        if !secondFinishedEarly { secondDone.wait() }
        let expected = preference == .writers ? ["writer", "reader"] : ["reader", "writer"]
        #expect(order.withLock { $0 } == expected)
        #expect(lock.read { $0 } == 1)
    }
}

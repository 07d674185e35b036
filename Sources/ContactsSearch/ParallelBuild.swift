import ContactsSupport
import Dispatch

/// Independent pieces of work run side by side on the processor's cores, for the parts of an
/// index build that do not depend on each other.
package enum ParallelBuild {
    /// The results of `job(0) … job(count - 1)`, run concurrently (on as many threads as the
    /// system gives), in job order. `job` must only read shared state. `finished(n)` is called
    /// each time a job ends, with `n` the number of jobs ended so far: never two calls at once,
    /// but from any of the threads.
    ///
    /// - Complexity: the sum of the jobs' work, spread over the cores.
    package static func results<Result>(
        count: Int, _ job: (Int) -> Result, finished: (Int) -> Void = { _ in }
    ) -> [Result] {
        let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            slots.deinitialize()
            slots.deallocate()
        }
        withoutActuallyEscaping(job) { job in
            withoutActuallyEscaping(finished) { finished in
                let shared = SharedJob(job: job, finished: finished, slots: slots)
                DispatchQueue.concurrentPerform(iterations: count) { index in shared.run(index) }
            }
        }
        let results = slots.compactMap { $0 }
        precondition(results.count == count, "a job without a result")
        return results
    }
}

/// The job and its result slots, shared by the threads of one ``ParallelBuild``: each thread
/// writes only the slot of its own index, and the caller reads them after every thread ended;
/// the count of ended jobs and the calls of `finished` are serialized by a lock (the pthread
/// one of `ReadWriteLocked`, which ThreadSanitizer sees, unlike `Mutex`'s futex).
private final class SharedJob<Result>: @unchecked Sendable {
    let job: (Int) -> Result
    let finished: (Int) -> Void
    let slots: UnsafeMutableBufferPointer<Result?>
    let ended = ReadWriteLocked(0)

    init(job: @escaping (Int) -> Result, finished: @escaping (Int) -> Void, slots: UnsafeMutableBufferPointer<Result?>)
    {
        self.job = job
        self.finished = finished
        self.slots = slots
    }

    func run(_ index: Int) {
        slots[index] = job(index)
        ended.write { ended in
            ended += 1
            finished(ended)
        }
    }
}

import Dispatch

/// Independent pieces of work run side by side on the processor's cores, for the parts of an
/// index build that do not depend on each other.
package enum ParallelBuild {
    /// The results of `job(0) … job(count - 1)`, run concurrently (on as many threads as the
    /// system gives), in job order. `job` must only read shared state.
    ///
    /// - Complexity: the sum of the jobs' work, spread over the cores.
    package static func results<Result>(count: Int, _ job: (Int) -> Result) -> [Result] {
        let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            slots.deinitialize()
            slots.deallocate()
        }
        withoutActuallyEscaping(job) { job in
            let shared = SharedJob(job: job, slots: slots)
            DispatchQueue.concurrentPerform(iterations: count) { index in shared.run(index) }
        }
        let results = slots.compactMap { $0 }
        precondition(results.count == count, "a job without a result")
        return results
    }
}

/// The job and its result slots, shared by the threads of one ``ParallelBuild``: each thread
/// writes only the slot of its own index, and the caller reads them after every thread ended.
private final class SharedJob<Result>: @unchecked Sendable {
    let job: (Int) -> Result
    let slots: UnsafeMutableBufferPointer<Result?>

    init(job: @escaping (Int) -> Result, slots: UnsafeMutableBufferPointer<Result?>) {
        self.job = job
        self.slots = slots
    }

    func run(_ index: Int) {
        slots[index] = job(index)
    }
}

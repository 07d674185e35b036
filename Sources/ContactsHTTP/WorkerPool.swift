import ContactsSupport
import Dispatch
import Synchronization

/// Runs jobs in FIFO order on worker threads that may block.
///
/// It keeps `minimumThreads` threads. A job that has run longer than `stallThreshold` counts
/// as blocked (a durable write, a lock): while fewer than `minimumThreads` threads are free
/// or running unblocked jobs and jobs wait, the pool adds a thread, up to `maximumThreads`,
/// so that a blocked handler never holds up the others. Threads beyond the minimum leave
/// after `extraThreadIdleTime` without work.
final class WorkerPool: Sendable {
    /// A unit of work.
    typealias Job = @Sendable () -> Void

    private struct State {
        var queue: [Job] = []
        var queueHead = 0
        var threadCount = 0
        var idleCount = 0
        var nextThreadID = 0
        /// When each busy thread started its job, by thread id.
        var busySince: [Int: Int64] = [:]
        var stopping = false

        var waitingJobs: Int { queue.count - queueHead }

        mutating func dequeue() -> Job? {
            guard queueHead < queue.count else { return nil }
            let job = queue[queueHead]
            queueHead += 1
            if queueHead == queue.count {
                queue.removeAll(keepingCapacity: true)
                queueHead = 0
            }
            return job
        }
    }

    private enum Step {
        case run(Job)
        case wait
        case exit
    }

    /// A job running this long is taken for blocked: longer than any CPU-bound request of the
    /// service should take, short enough that a stuck handler is replaced quickly.
    static let stallThreshold: Int64 = 10_000_000

    /// How long a thread above the minimum waits for work before it leaves: long enough that
    /// a burst of blocking handlers does not create and destroy threads over and over.
    static let extraThreadIdleTime = DispatchTimeInterval.seconds(5)

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)
    private let running = DispatchGroup()
    private let minimumThreads: Int
    private let maximumThreads: Int
    private let name: String
    private let niceness: Int32?

    /// A pool with `minimumThreads` threads started at once, growing to `maximumThreads`; each
    /// thread sets its nice value to `niceness` when it starts (nil: it keeps its creator's).
    init(minimumThreads: Int, maximumThreads: Int, name: String, niceness: Int32? = nil) {
        self.minimumThreads = minimumThreads
        self.maximumThreads = maximumThreads
        self.name = name
        self.niceness = niceness
        state.withLock { state in
            for _ in 0..<minimumThreads {
                spawn(&state, permanent: true)
            }
        }
    }

    /// Queues `job`; a free thread runs it at once, else the first to become free.
    ///
    /// - Complexity: O(1) amortized, plus O(t) when every thread is busy, where t is the
    ///   number of threads.
    func submit(_ job: @escaping Job) {
        state.withLock { state in
            state.queue.append(job)
            addThreadIfBlocked(&state, now: Int64(WallClock.monotonicNanoseconds()))
        }
        available.signal()
    }

    /// Runs `job` on one of the pool's threads and returns its result once it is done: for a
    /// caller that must answer on its own thread.
    func run<Result: Sendable>(_ job: @escaping @Sendable () -> Result) -> Result {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result?>(nil)
        submit {
            let value = job()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        guard let value = result.withLock({ $0 }) else { preconditionFailure("a job signalled without a result") }
        return value
    }

    /// Adds a thread if jobs wait while too many threads are blocked; the watchdog calls this
    /// periodically, for jobs that started waiting before their threads blocked.
    func rebalance() {
        state.withLock { addThreadIfBlocked(&$0, now: Int64(WallClock.monotonicNanoseconds())) }
    }

    /// The number of threads, for tests.
    var threadCount: Int { state.withLock { $0.threadCount } }

    /// Runs the jobs already queued, then stops every thread and returns once they have
    /// left. Jobs submitted meanwhile are run too.
    func stop() {
        let threads = state.withLock { state in
            state.stopping = true
            return state.threadCount
        }
        for _ in 0..<threads {
            available.signal()
        }
        running.wait()
    }

    private func addThreadIfBlocked(_ state: inout State, now: Int64) {
        guard !state.stopping, state.waitingJobs > 0, state.idleCount == 0,
            state.threadCount < maximumThreads
        else { return }
        let unblocked = state.busySince.values.reduce(0) { $0 + (now - $1 < Self.stallThreshold ? 1 : 0) }
        if unblocked < minimumThreads {
            spawn(&state, permanent: false)
        }
    }

    private func spawn(_ state: inout State, permanent: Bool) {
        let id = state.nextThreadID
        state.nextThreadID += 1
        state.threadCount += 1
        state.idleCount += 1
        running.enter()
        NamedThread.start(name: "\(name) \(id)", niceness: niceness) { [self] in
            work(id: id, permanent: permanent)
            running.leave()
        }
    }

    private func work(id: Int, permanent: Bool) {
        while true {
            let signalled: Bool
            if permanent {
                available.wait()
                signalled = true
            } else {
                signalled = available.wait(timeout: .now() + Self.extraThreadIdleTime) == .success
            }
            let step: Step = state.withLock { state in
                if let job = state.dequeue() {
                    state.idleCount -= 1
                    state.busySince[id] = Int64(WallClock.monotonicNanoseconds())
                    return .run(job)
                }
                if state.stopping || !signalled {
                    state.idleCount -= 1
                    state.threadCount -= 1
                    return .exit
                }
                return .wait
            }
            switch step {
            case .run(let job):
                job()
                state.withLock { state in
                    state.busySince[id] = nil
                    state.idleCount += 1
                }
            case .wait:
                continue
            case .exit:
                return
            }
        }
    }
}

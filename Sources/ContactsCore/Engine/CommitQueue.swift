import ContactsStore
import ContactsSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request waiting to be decided and committed with others (group commit): what the
/// ``CommitQueue`` holds. Subclassed once per result type (``TypedPendingChange``).
///
/// Safety of `@unchecked Sendable`: a pending change is made by its caller's thread, then
/// read and written only by the one thread leading the commit group it is in, while its
/// caller waits on the queue's condition; the queue's mutex orders each hand-off (enqueue,
/// take, finish), so no two threads touch it at once.
class PendingChange: @unchecked Sendable {
    /// What its decision reads.
    let footprint: ChangeFootprint
    /// Its share of a commit group's size limit (an upload's contacts; 1 otherwise).
    let weight: Int
    /// Set after a group failed for a reason other than a lost store: retried in a group
    /// of its own, so that one faulty change does not fail the others.
    var alone = false
    /// Guarded by the queue's mutex.
    fileprivate var status = Status.waiting

    fileprivate enum Status {
        case waiting
        case leading
        case done
    }

    init(footprint: ChangeFootprint, weight: Int) {
        self.footprint = footprint
        self.weight = max(1, weight)
    }

    /// Decides against `state`: the change to commit (nil: none, the answer is final) and an
    /// upload's slots. A thrown error is the request's answer.
    func decide(_ state: EngineState) throws(ContactsError) -> (
        change: StoreChange?, uploadSlots: [ExactString: UInt32]?
    ) {
        throw .internalFailure("a pending change without a decision")
    }

    /// The change committed and was applied: its decided answer stands.
    func succeed() {}

    /// The request fails with `error` (nothing of it was committed).
    func fail(_ error: ContactsError) {}
}

/// A ``PendingChange`` whose decision answers `Result`.
final class TypedPendingChange<Result>: PendingChange, @unchecked Sendable {
    /// The caller's decision; nil once released (the caller's closure must not outlive its
    /// call, while the leader's arrays may hold this object a moment longer).
    private var body: ((EngineState) throws(ContactsError) -> Decision<Result>)?
    private var decided: Decision<Result>?
    /// The answer, once known.
    private(set) var outcome: Swift.Result<Result, ContactsError>?

    init(
        footprint: ChangeFootprint, weight: Int, body: @escaping (EngineState) throws(ContactsError) -> Decision<Result>
    ) {
        self.body = body
        super.init(footprint: footprint, weight: weight)
    }

    override func decide(_ state: EngineState) throws(ContactsError) -> (
        change: StoreChange?, uploadSlots: [ExactString: UInt32]?
    ) {
        guard let body else { throw .internalFailure("a pending change decided after its release") }
        do {
            let decision = try body(state)
            if decision.change == nil { outcome = .success(decision.result) } else { decided = decision }
            return (decision.change, decision.uploadSlots)
        } catch {
            outcome = .failure(error)
            throw error
        }
    }

    override func succeed() {
        if let decided { outcome = .success(decided.result) }
    }

    /// Drops the caller's closure; called by the caller once the request is done.
    func release() {
        body = nil
        decided = nil
    }

    override func fail(_ error: ContactsError) {
        outcome = .failure(error)
    }
}

/// The requests waiting to commit, and which of their callers leads (group commit).
///
/// A caller enqueues its request and either leads — takes the waiting requests as one group,
/// decides and commits them in one store transaction, repeats until its own request is done,
/// then hands the lead to the first request still waiting — or sleeps until its request is
/// done or it is handed the lead. So while one group's commit waits on the disk, the next
/// group gathers, and concurrent writers share one commit.
final class CommitQueue: @unchecked Sendable {
    // Safety of @unchecked Sendable: `pending` and `leading` (and each pending change's
    // status) are touched only under `mutex`.
    private var pending: [PendingChange] = []
    private var leading = false
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// The most requests in one group: bounds the transaction and the time a request waits
    /// for the others of its group.
    static let maximumGroupCount = 64
    /// The most weight (upload contacts) in one group, beyond its first request: bounds
    /// what one transaction writes.
    static let maximumGroupWeight = 20_000

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Enqueues `change` and waits until it is done (false) or its caller is to lead (true).
    func enqueue(_ change: PendingChange) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        pending.append(change)
        if !leading {
            leading = true
            change.status = .leading
            return true
        }
        while change.status == .waiting { pthread_cond_wait(condition, mutex) }
        return change.status == .leading
    }

    /// The next group for the leader: the waiting requests in order, up to the limits; a
    /// request marked ``PendingChange/alone`` goes in a group by itself.
    func takeGroup() -> [PendingChange] {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        var count = 0
        var weight = 0
        for change in pending {
            if count > 0
                && (change.alone || count == Self.maximumGroupCount
                    || weight + change.weight > Self.maximumGroupWeight)
            {
                break
            }
            count += 1
            weight += change.weight
            if change.alone { break }
        }
        defer { pending.removeFirst(count) }
        return Array(pending.prefix(count))
    }

    /// Puts requests the leader could not take in this group back at the front, in order.
    func putBack(_ changes: [PendingChange]) {
        guard !changes.isEmpty else { return }
        pthread_mutex_lock(mutex)
        pending.insert(contentsOf: changes, at: 0)
        pthread_mutex_unlock(mutex)
    }

    /// Marks `changes` done and wakes their callers.
    func finish(_ changes: [PendingChange]) {
        guard !changes.isEmpty else { return }
        pthread_mutex_lock(mutex)
        for change in changes { change.status = .done }
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// How many requests wait to be taken into a group (for tests and metrics).
    var waitingCount: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return pending.count
    }

    /// Whether `change` is done.
    func isDone(_ change: PendingChange) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return change.status == .done
    }

    /// The leader, its own request done, hands the lead to the first waiting request (or
    /// leaves none when nothing waits).
    func stepDown() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard let next = pending.first else {
            leading = false
            return
        }
        next.status = .leading
        pthread_cond_broadcast(condition)
    }
}

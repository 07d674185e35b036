import ContactsModel
import ContactsSocial
import ContactsSupport

/// The social graph (PROTOCOL §5): follows, statuses and follower pages.
extension ContactsEngine {
    /// The most ids `checkBatchFollowingStatus` takes (duplicates count).
    public static let maximumBatchStatusIDs = 1000

    /// The acting user follows `target` from `at` on; following again keeps the first `since`.
    ///
    /// - Returns: true when the follow is new, false when already following.
    /// - Throws: ``ContactsError/selfFollow`` for myself; ``ContactsError/unknownUser(_:)``
    ///   for an unknown acting user or target.
    public func followUser(as userId: String, target: String, at: Int64) throws(ContactsError) -> Bool {
        guard !userId.utf8Equals(target) else { throw .selfFollow }
        return try perform(reads: ChangeFootprint(users: [userId, target], followsOf: [userId])) {
            (state) throws(ContactsError) in
            let me = try state.registeredUser(userId)
            let other = try state.registeredUser(target)
            return state.follow(me, other, at: at)
        }
    }

    /// The acting user stops following `target`; false when they were not following
    /// (always for myself).
    ///
    /// - Throws: ``ContactsError/unknownUser(_:)`` for an unknown acting user or target.
    public func unfollowUser(as userId: String, target: String) throws(ContactsError) -> Bool {
        try perform(reads: ChangeFootprint(users: [userId, target], followsOf: [userId])) {
            (state) throws(ContactsError) in
            let me = try state.registeredUser(userId)
            let other = try state.registeredUser(target)
            return state.unfollow(me, other)
        }
    }

    /// Whether the acting user follows `target`, and since when.
    public func isFollowingUser(as userId: String, target: String) throws(ContactsError) -> FollowStatus {
        try state.read { (state: EngineState) throws(ContactsError) -> FollowStatus in
            let me = try state.registeredUser(userId)
            let other = try state.registeredUser(target)
            return state.followStatus(me, other)
        }
    }

    /// The status for each distinct id of `targets` (first-seen order; ids compared by bytes);
    /// unknown ids and myself are simply not followed.
    ///
    /// - Complexity: one id lookup and one membership test per id.
    public func checkBatchFollowingStatus(as userId: String, targets: [String]) throws(ContactsError)
        -> [BatchFollowStatus]
    {
        guard targets.count <= Self.maximumBatchStatusIDs else {
            throw .invalidValue(
                field: "userIds",
                problem: "has \(targets.count) elements; at most \(Self.maximumBatchStatusIDs) are allowed")
        }
        return try state.read { (state: EngineState) throws(ContactsError) in
            let me = try state.registeredUser(userId)
            // Registered ids are told apart by their index (one index per id's bytes), so only
            // unknown ids are hashed as text; an unknown id is asked about as myself, whom I
            // never follow.
            var seenUsers = UInt32BatchSet(capacity: targets.count)
            var seenUnknown = Set<ExactString>()
            var distinct: [String] = []
            var indexes: [UInt32] = []
            distinct.reserveCapacity(targets.count)
            indexes.reserveCapacity(targets.count)
            for (target, found) in zip(targets, state.indexes(of: targets)) {
                if let index = found {
                    guard seenUsers.insert(index) else { continue }
                    indexes.append(index)
                } else {
                    guard seenUnknown.insert(ExactString(target)).inserted else { continue }
                    indexes.append(me)
                }
                distinct.append(target)
            }
            let sinces = state.graph.followStatuses(of: me, for: indexes)
            return zip(distinct, sinces).map { target, since in
                BatchFollowStatus(
                    userId: target, status: since.map { FollowStatus(isFollowing: true, since: $0) } ?? .notFollowing)
            }
        }
    }

    /// Who follows the acting user: by `since` descending, then userId bytes.
    public func followers(as userId: String, skip: Int, limit: Int) throws(ContactsError) -> Page<FollowEntry> {
        try followPage(.followers, of: userId, skip: skip, limit: limit)
    }

    /// Whom the acting user follows: by `since` descending, then userId bytes.
    public func following(as userId: String, skip: Int, limit: Int) throws(ContactsError) -> Page<FollowEntry> {
        try followPage(.following, of: userId, skip: skip, limit: limit)
    }

    /// Users following and followed by the acting user; `since` is when the follow became
    /// mutual (the later edge).
    public func mutualFollows(as userId: String, skip: Int, limit: Int) throws(ContactsError) -> Page<FollowEntry> {
        try followPage(.mutuals, of: userId, skip: skip, limit: limit)
    }

    private func followPage(_ relation: FollowRelation, of userId: String, skip: Int, limit: Int) throws(ContactsError)
        -> Page<FollowEntry>
    {
        try state.read { (state: EngineState) throws(ContactsError) -> Page<FollowEntry> in
            let me = try state.registeredUser(userId)
            let page: FollowPage
            do {
                page = try state.graph.page(relation, of: me, skip: skip, limit: limit)
            } catch {
                throw .invalidValue(field: skip < 0 ? "skip" : "limit", problem: "must not be negative")
            }
            let own = state.ownContacts(of: me)
            let items = page.items.compactMap { item -> FollowEntry? in
                guard let record = state.user(item.user) else { return nil }
                let local = own.smallestID(holding: record.e164).flatMap { id in
                    own.book?.contact(withID: id).map {
                        LocalContact(contactId: id, displayName: $0.effectiveDisplayName)
                    }
                }
                return FollowEntry(
                    userId: record.userId, displayName: record.displayName, since: item.since, localContact: local)
            }
            return Page(items: items, total: page.total, skip: skip, limit: limit)
        }
    }

    /// `followUser` for the user my contact `contactId` resolves to.
    public func followContact(as userId: String, contactId: String, at: Int64) throws(ContactsError)
        -> ContactFollowOutcome
    {
        try perform(reads: Self.contactFollowFootprint(of: userId)) { (state) throws(ContactsError) in
            let me = try state.registeredUser(userId)
            let (other, otherId) = try state.resolveContact(contactId, of: me)
            let decision = state.follow(me, other, at: at)
            return Decision(
                change: decision.change, result: ContactFollowOutcome(userId: otherId, changed: decision.result))
        }
    }

    /// `unfollowUser` for the user my contact `contactId` resolves to.
    public func unfollowContact(as userId: String, contactId: String) throws(ContactsError) -> ContactFollowOutcome {
        try perform(reads: Self.contactFollowFootprint(of: userId)) { (state) throws(ContactsError) in
            let me = try state.registeredUser(userId)
            let (other, otherId) = try state.resolveContact(contactId, of: me)
            let decision = state.unfollow(me, other)
            return Decision(
                change: decision.change, result: ContactFollowOutcome(userId: otherId, changed: decision.result))
        }
    }

    /// What resolving one of `userId`'s contacts and following its user reads: the book, the
    /// holders of its numbers (not known beforehand), the follows.
    private static func contactFollowFootprint(of userId: String) -> ChangeFootprint {
        ChangeFootprint(users: [userId], followsOf: [userId], anyPhone: true)
    }

    /// `isFollowingUser` for the user my contact `contactId` resolves to.
    public func isFollowingContact(as userId: String, contactId: String) throws(ContactsError) -> ContactFollowStatus {
        try state.read { (state: EngineState) throws(ContactsError) in
            let me = try state.registeredUser(userId)
            let (other, otherId) = try state.resolveContact(contactId, of: me)
            return ContactFollowStatus(userId: otherId, status: state.followStatus(me, other))
        }
    }
}

extension EngineState {
    /// The follow of `other` by `me` from `at` on, when it is new; else nothing to change.
    func follow(_ me: UInt32, _ other: UInt32, at: Int64) -> Decision<Bool> {
        guard graph.since(me, other) == nil, let follower = user(me), let followee = user(other) else {
            return Decision(change: nil, result: false)
        }
        return Decision(
            change: .follow(followerId: follower.userId, followeeId: followee.userId, since: at), result: true)
    }

    /// The end of `me`'s follow of `other`, when there is one (never of myself).
    func unfollow(_ me: UInt32, _ other: UInt32) -> Decision<Bool> {
        guard me != other, graph.since(me, other) != nil, let follower = user(me), let followee = user(other) else {
            return Decision(change: nil, result: false)
        }
        return Decision(change: .unfollow(followerId: follower.userId, followeeId: followee.userId), result: true)
    }

    /// Whether `follower` follows `followee`, and since when.
    func followStatus(_ follower: UInt32, _ followee: UInt32) -> FollowStatus {
        guard follower != followee, let since = graph.since(follower, followee) else { return .notFollowing }
        return FollowStatus(isFollowing: true, since: since)
    }

    /// The registered user my contact `contactId` resolves to: the smallest userId among the
    /// users its phones match, never myself.
    ///
    /// - Throws: ``ContactsError/unknownContact(_:)`` when I have no such contact,
    ///   ``ContactsError/unmatchedContact(_:)`` when it matches no other user.
    func resolveContact(_ contactId: String, of me: UInt32) throws(ContactsError) -> (UInt32, String) {
        guard let numbers = books[me]?.numbers(ofContact: contactId) else {
            throw .unknownContact(contactId)
        }
        var best: (index: UInt32, userId: String)?
        for number in numbers {
            guard let owner = phoneOwners.user(for: number), owner != me, let record = user(owner) else { continue }
            if best.map({ record.userId.utf8Precedes($0.userId) }) ?? true { best = (owner, record.userId) }
        }
        guard let best else { throw .unmatchedContact(contactId) }
        return best
    }
}

import ContactsMatching
import ContactsModel
import ContactsSocial
import ContactsSupport
import PhoneNumbers

/// Find Your Friends (PROTOCOL §5): registration, uploads and two-way matches.
extension ContactsEngine {
    /// Registers `userId` with `phone` (normalized with `region`; without a region only `+…`
    /// numbers are accepted), or replaces the phone and name of an existing registration
    /// (follows, uploads, events and searches are kept; the old phone is freed at once).
    ///
    /// - Throws: ``ContactsError/invalidValue(field:problem:)`` when the phone does not
    ///   normalize (the libphonenumber code in the problem); ``ContactsError/phoneTaken(_:)``
    ///   when another user holds the number.
    public func registerUser(
        _ userId: String, phone: String, region: String? = nil, displayName: String? = nil, at: Int64
    ) throws(ContactsError) -> RegisteredUser {
        let e164 = try PhoneNormalization.registeredNumber(phone, region: region)
        let name = displayName ?? ""
        return try perform(reads: ChangeFootprint(users: [userId], phones: [e164])) { (state) throws(ContactsError) in
            if let owner = state.phoneOwners.user(for: e164), owner != state.index(of: userId) {
                throw .phoneTaken(PhoneNormalization.text(e164))
            }
            return Decision(
                change: .registerUser(userId: userId, e164: e164, displayName: name),
                result: RegisteredUser(userId: userId, e164: PhoneNormalization.text(e164), displayName: name))
        }
    }

    /// Deletes the acting user with their follows both ways, uploads, contacts, events and
    /// recent searches. What the user id used of the day's upload budget stays used; other
    /// users' contacts holding the number stay but no longer match.
    public func deleteUser(as userId: String) throws(ContactsError) {
        try perform(reads: .everything) { (state) throws(ContactsError) in
            _ = try state.registeredUser(userId)
            return Decision(change: .deleteUser(userId: userId), result: ())
        }
    }

    /// Uploads typed contacts into the acting user's book (PROTOCOL §5, §6): phones normalized
    /// once with `region` (default: the main region of the uploader's calling code), a
    /// repeated id replacing the earlier contact, a contact whose id is not a valid id
    /// (PROTOCOL §1) rejected as `invalidID` at its index. A contact's own `ownerId` is
    /// ignored (the book's contacts are `userId`'s).
    ///
    /// - Throws: ``ContactsError/overBudget(adding:remaining:budget:retryAfterMilliseconds:)``
    ///   when the upload's new distinct numbers would exceed the day's budget (nothing is
    ///   stored then); ``ContactsError/invalidValue(field:problem:)`` for more contacts than
    ///   ``EngineConfiguration/maximumContactsPerUpload``.
    /// - Complexity: O(n) for n contacts: one normalization per phone, one upload-index
    ///   update per number entering or leaving the book.
    public func uploadContacts(
        as userId: String, contacts: [Contact], region: String? = nil, at: Int64
    ) throws(ContactsError) -> UploadOutcome {
        try checkUploadSize(contacts.count)
        let rejected = contacts.indices.filter { !Identifier.isValid(contacts[$0].id) }
            .map { RejectedContact(index: $0, reason: .invalidID) }
        let accepted = rejected.isEmpty ? contacts : contacts.filter { Identifier.isValid($0.id) }
        return try upload(accepted, rejected: rejected, requested: contacts.count, as: userId, region: region, at: at)
    }

    /// ``uploadContacts(as:contacts:region:at:)`` for entries some of which were rejected
    /// before they became contacts (a JSON form that did not decode): each entry is a contact
    /// or the reason it was rejected, and keeps its index.
    public func uploadContacts(
        as userId: String, entries: [Result<Contact, ContactRejection>], region: String? = nil, at: Int64
    ) throws(ContactsError) -> UploadOutcome {
        try checkUploadSize(entries.count)
        var accepted: [Contact] = []
        accepted.reserveCapacity(entries.count)
        var rejected: [RejectedContact] = []
        for (index, entry) in entries.enumerated() {
            switch entry {
            case .success(let contact) where Identifier.isValid(contact.id): accepted.append(contact)
            case .success: rejected.append(RejectedContact(index: index, reason: .invalidID))
            case .failure(let reason): rejected.append(RejectedContact(index: index, reason: reason))
            }
        }
        return try upload(accepted, rejected: rejected, requested: entries.count, as: userId, region: region, at: at)
    }

    private func checkUploadSize(_ count: Int) throws(ContactsError) {
        let limit = configuration.maximumContactsPerUpload
        guard count <= limit else {
            throw .invalidValue(
                field: "contacts",
                problem:
                    "has \(Plural.count(count, "entry", plural: "entries")); at most \(limit) \(Plural.verb(limit, "is", plural: "are")) allowed"
            )
        }
    }

    /// The one upload path of both forms: `accepted` (valid contacts, in request order) into
    /// `userId`'s book, under the day's budget; `requested` entries were sent.
    private func upload(
        _ accepted: [Contact], rejected: [RejectedContact], requested: Int, as userId: String, region: String?,
        at: Int64
    ) throws(ContactsError) -> UploadOutcome {
        let budget = configuration.dailyUploadBudget
        // Normalized before the one path of changes, with the region of the owner's phone as
        // it is now, so that the changes queued behind this one do not wait for it; the
        // decision uses it only when the owner's region is still the same.
        let ownerPhone = state.read { state in state.index(of: userId).flatMap { state.user($0)?.e164 } }
        let prepared = ownerPhone.map { ownerPhone in
            let preparedRegion = region ?? PhoneNormalization.mainRegion(of: ownerPhone)
            return (region: preparedRegion, final: Self.finalContacts(accepted, region: preparedRegion))
        }
        return try perform(reads: ChangeFootprint(users: [userId]), weight: accepted.count) {
            (state) throws(ContactsError) in
            let owner = try state.registeredUser(userId)
            guard let record = state.user(owner) else { throw .unknownUser(userId) }
            let uploadRegion = region ?? PhoneNormalization.mainRegion(of: record.e164)
            let (contacts, numbers, slotOfID) =
                prepared.flatMap { $0.region == uploadRegion ? $0.final : nil }
                ?? Self.finalContacts(accepted, region: uploadRegion)
            let added = state.uploads.newNumberCount(of: owner, among: Array(numbers.joined()))
            let (day, timeOfDay) = at.floorDivided(by: Self.millisecondsPerDay)
            let used = state.budget[ExactString(userId)].map { $0.day == day ? $0.used : 0 } ?? 0
            if budget > 0, used + added > budget {
                throw .overBudget(
                    adding: added, remaining: budget - used, budget: budget,
                    retryAfterMilliseconds: Self.millisecondsPerDay - timeOfDay)
            }
            return Decision(
                change: .uploadContacts(
                    ownerId: userId, contacts: contacts, numbers: numbers, budgetDay: day, budgetAdded: added),
                result: UploadOutcome(
                    totalContacts: requested, numberOfUploadedContacts: accepted.count, rejected: rejected),
                uploadSlots: slotOfID)
        }
    }

    /// The contacts an upload stores, encoded, each with the distinct numbers its phones
    /// normalize to with `region`: the last contact of each id wins, in the position of the
    /// id's first one. Made before the change queues, so that the store and the book copy the
    /// bodies on the one path of changes instead of encoding them there.
    /// `slotOfID` maps each id to its contact's position, which a book without contacts takes
    /// as its own (``AddressBook/put(_:numbers:slotOfID:)``) instead of hashing every id again.
    ///
    /// - Complexity: O(n) for n contacts; without repeated ids (the usual upload) the array is
    ///   not copied.
    private static func finalContacts(_ accepted: [Contact], region: String?)
        -> (contacts: EncodedContacts, numbers: [[UInt64]], slotOfID: [ExactString: UInt32])
    {
        var slotOfID: [ExactString: UInt32] = [:]
        slotOfID.reserveCapacity(accepted.count)
        // For each final contact, the position of the one that wins.
        var winners: [Int] = []
        winners.reserveCapacity(accepted.count)
        // The contacts' boxes and phone lists lie anywhere in memory (a host's typed contacts
        // may not have been touched for a while): each is prefetched `lookahead` contacts
        // before it is read, so that their cache misses overlap instead of stalling each
        // contact's id hash and normalization in turn.
        let lookahead = 8
        for position in accepted.indices {
            if position + lookahead < accepted.count { accepted[position + lookahead].prefetchStorage() }
            // One hash lookup for a new id; a repeated one (rare) puts its first slot back.
            let id = ExactString(accepted[position].id)
            if let slot = slotOfID.updateValue(UInt32(winners.count), forKey: id) {
                slotOfID[id] = slot
                winners[Int(slot)] = position
            } else {
                winners.append(position)
            }
        }
        let contacts = winners.count == accepted.count ? accepted : winners.map { accepted[$0] }
        let normalizer = PhoneNumberNormalizer(defaultRegion: region)
        // By index: a closure taking each contact would copy it (every field retained).
        let numbers = contacts.indices.map {
            if $0 + lookahead < contacts.count { contacts[$0 + lookahead].prefetchPhoneNumbers() }
            return PhoneNormalization.uploadedNumbers(of: contacts[$0].phoneNumbers, with: normalizer)
        }
        return (EncodedContacts(contacts), numbers, slotOfID)
    }

    /// The acting user's matches after `cursor` (userIds by bytes), at most `limit`:
    /// users whose phone is in my book (`contact`), who hold my phone in theirs (`reverse`),
    /// or both (`mutual`); never myself.
    ///
    /// - Complexity: O(n + m log m): one batch phone-table probe over the n numbers of my
    ///   book, the holders of my own number from the reverse side, and a sort of the m matches.
    public func lookupContactMatches(as userId: String, cursor: String? = nil, limit: Int = 100) throws(ContactsError)
        -> MatchPage
    {
        try state.read { (state: EngineState) throws(ContactsError) -> MatchPage in
            let me = try state.registeredUser(userId)
            // Both sides ascending, then walked together: each user once, with its relation.
            // Every user's record is prefetched as soon as the user is known: the records lie
            // anywhere in the users' array, and the walk reads them one after another.
            var forward: [UInt32] = []
            for case let owner? in state.phoneOwners.users(for: state.uploads.numbers(of: me)) where owner != me {
                state.prefetchUser(owner)
                forward.append(owner)
            }
            forward.sort()
            let reverse = state.user(me).map { state.uploads.holders(of: $0.e164) } ?? IndexList()
            for holder in reverse { state.prefetchUser(holder) }
            // By user id bytes: the ids' prefix keys decide most comparisons in one integer compare.
            var matched: [(key: UInt64, record: UserRecord, relation: MatchRelation)] = []
            func consider(_ index: UInt32, _ relation: MatchRelation) {
                guard index != me, let record = state.user(index) else { return }
                if let cursor, !cursor.utf8Precedes(record.userId) { return }
                matched.append((ByteOrder.prefixKey(of: record.userId), record, relation))
            }
            var nextForward = 0
            var nextReverse = 0
            while nextForward < forward.count || nextReverse < reverse.count {
                let user = min(
                    nextForward < forward.count ? forward[nextForward] : .max,
                    nextReverse < reverse.count ? reverse[nextReverse] : .max)
                let isForward = nextForward < forward.count && forward[nextForward] == user
                let isReverse = nextReverse < reverse.count && reverse[nextReverse] == user
                consider(user, isForward ? (isReverse ? .mutual : .contact) : .reverse)
                while nextForward < forward.count && forward[nextForward] == user { nextForward += 1 }
                while nextReverse < reverse.count && reverse[nextReverse] == user { nextReverse += 1 }
            }
            matched.sort { $0.key != $1.key ? $0.key < $1.key : $0.record.userId.utf8Precedes($1.record.userId) }
            let own = state.ownContacts(of: me)
            let matches = matched.prefix(limit).map { _, record, relation in
                ContactMatch(
                    userId: record.userId, displayName: record.displayName, relation: relation,
                    contactId: relation == .reverse ? nil : own.smallestID(holding: record.e164))
            }
            let nextCursor = matched.count > limit ? matches.last?.userId : nil
            return MatchPage(matches: matches, nextCursor: nextCursor)
        }
    }

    /// Deletes every contact the acting user uploaded; returns how many. My `contact` matches
    /// vanish; `reverse` ones stay. Recent searches and budget use are kept.
    public func deleteAllUploadedContacts(as userId: String) throws(ContactsError) -> Int {
        try perform(reads: ChangeFootprint(users: [userId])) { (state) throws(ContactsError) in
            let owner = try state.registeredUser(userId)
            return Decision(change: .deleteAllContacts(ownerId: userId), result: state.books[owner]?.count ?? 0)
        }
    }
}

extension Int64 {
    /// Floor division and the non-negative remainder (days of negative times too).
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var quotient = self / divisor
        var remainder = self % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}

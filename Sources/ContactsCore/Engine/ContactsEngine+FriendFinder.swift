/// Find Your Friends (PROTOCOL §5): registration, uploads and two-way matches.
extension ContactsEngine {
    /// Registers `userId` with `phone` (normalized with `region`; without a region only `+…`
    /// numbers are accepted), or replaces the phone and name of an existing registration
    /// (follows, uploads, events and searches are kept; the old phone is freed at once).
    ///
    /// - Throws: `invalid_params` when the phone does not normalize (the libphonenumber code
    ///   in the message); `conflict` when another user holds the number.
    public func registerUser(
        _ userId: String, phone: String, region: String? = nil, displayName: String? = nil, at: Int64
    ) throws(RPCError) -> RegisteredUser {
        let e164 = try PhoneNormalization.e164(phone, region: region).get()
        return try state.write { (state: inout EngineState) throws(RPCError) -> RegisteredUser in
            let existing = state.userIndex[userId]
            if let owner = state.phoneOwners[e164], owner != existing {
                throw .conflict("phone \(PhoneNormalization.text(e164)) is registered to another user")
            }
            let record = UserRecord(userId: userId, e164: e164, displayName: displayName ?? "")
            if let existing, let old = state.user(existing) {
                state.phoneOwners[old.e164] = nil
                state.users[Int(existing)] = record
                state.phoneOwners[e164] = existing
            } else {
                let index = UInt32(state.users.count)
                state.users.append(record)
                state.userIndex[userId] = index
                state.phoneOwners[e164] = index
                state.graph.addUser(index)
            }
            return RegisteredUser(userId: userId, e164: PhoneNormalization.text(e164), displayName: record.displayName)
        }
    }

    /// Deletes the acting user with their follows both ways, uploads, contacts, events and
    /// recent searches. What the user id used of the day's upload budget stays used.
    public func deleteUser(as userId: String) throws(RPCError) {
        try state.write { (state: inout EngineState) throws(RPCError) in
            let index = try state.actingUser(userId)
            state.removeAllUploads(of: index)
            state.books[index] = nil
            if let record = state.user(index) { state.phoneOwners[record.e164] = nil }
            state.graph.removeUser(index)
            state.feed.removeEvents(of: index)
            state.recentSearches[index] = nil
            state.users[Int(index)] = nil
            state.userIndex[userId] = nil
        }
    }

    /// Uploads contacts into the acting user's book (PROTOCOL §5, §6): each entry decoded on
    /// its own (rejected ones listed with their reason), phones normalized once with `region`
    /// (default: the main region of the uploader's calling code), a repeated id replacing the
    /// earlier contact. The request fails whole with `rate_limited` when its new distinct
    /// numbers would exceed the day's budget.
    public func uploadContacts(
        as userId: String, contacts entries: [JSONValue], region: String? = nil, at: Int64
    ) throws(RPCError) -> UploadOutcome {
        guard entries.count <= configuration.maximumContactsPerUpload else {
            throw .invalidParams("at most \(configuration.maximumContactsPerUpload) contacts per upload")
        }
        var decoded: [Contact] = []
        var rejected: [RejectedContact] = []
        for (index, entry) in entries.enumerated() {
            do {
                decoded.append(try Contact(json: entry))
            } catch {
                rejected.append(RejectedContact(index: index, reason: error))
            }
        }
        let budget = configuration.dailyUploadBudget
        return try state.write { (state: inout EngineState) throws(RPCError) -> UploadOutcome in
            let owner = try state.actingUser(userId)
            guard let record = state.user(owner) else { throw .notFound("user '\(userId)' is not registered") }
            let uploadRegion = region ?? PhoneNormalization.mainRegion(of: record.e164)
            var finalContacts: [String: StoredContact] = [:]
            var order: [String] = []
            for var contact in decoded {
                contact.ownerId = userId
                let numbers = contact.phoneNumbers.compactMap {
                    try? PhoneNormalization.e164($0.value, region: uploadRegion).get()
                }
                if finalContacts[contact.id] == nil { order.append(contact.id) }
                finalContacts[contact.id] = StoredContact(contact: contact, numbers: numbers)
            }
            let book = state.books[owner] ?? AddressBook()
            var newNumbers = Set<UInt64>()
            for stored in finalContacts.values {
                for number in stored.numbers where book.holders[number] == nil { newNumbers.insert(number) }
            }
            let (day, remainder) = at.floorDivided(by: Self.millisecondsPerDay)
            var usage = state.budget[userId] ?? BudgetDay(day: day, used: 0)
            if usage.day != day { usage = BudgetDay(day: day, used: 0) }
            if budget > 0, usage.used + newNumbers.count > budget {
                throw RPCError(
                    .rateLimited,
                    "this upload adds \(newNumbers.count) new numbers; \(budget - usage.used) of today's \(budget) remain",
                    retryAfterMs: Self.millisecondsPerDay - remainder)
            }
            usage.used += newNumbers.count
            state.budget[userId] = usage
            for id in order {
                if let stored = finalContacts[id] { state.putContact(stored, owner: owner) }
            }
            return UploadOutcome(
                totalContacts: entries.count, numberOfUploadedContacts: decoded.count, rejected: rejected)
        }
    }

    /// The acting user's matches after `cursor` (userIds by bytes), at most `limit`:
    /// users whose phone is in my book (`contact`), who hold my phone in theirs (`reverse`),
    /// or both (`mutual`); never myself.
    ///
    /// - Complexity: O(m log m) in the number of matches of the user.
    public func lookupContactMatches(as userId: String, cursor: String? = nil, limit: Int = 100) throws(RPCError)
        -> MatchPage
    {
        try state.read { (state: borrowing EngineState) throws(RPCError) -> MatchPage in
            let me = try state.actingUser(userId)
            var relations: [UInt32: (forward: Bool, reverse: Bool)] = [:]
            if let book = state.books[me] {
                for number in book.holders.keys {
                    if let owner = state.phoneOwners[number], owner != me { relations[owner, default: (false, false)].forward = true }
                }
            }
            if let record = state.user(me) {
                for uploader in state.uploaders[record.e164] ?? [] where uploader != me {
                    relations[uploader, default: (false, false)].reverse = true
                }
            }
            var matched: [(record: UserRecord, forward: Bool, reverse: Bool)] = []
            for (index, relation) in relations {
                guard let record = state.user(index) else { continue }
                if let cursor, !cursor.utf8Precedes(record.userId) { continue }
                matched.append((record, relation.forward, relation.reverse))
            }
            matched.sort { $0.record.userId.utf8Precedes($1.record.userId) }
            let page = matched.prefix(limit)
            let book = state.books[me]
            let matches = page.map { entry in
                ContactMatch(
                    userId: entry.record.userId, displayName: entry.record.displayName,
                    relation: entry.forward ? (entry.reverse ? .mutual : .contact) : .reverse,
                    contactId: entry.forward ? book?.smallestHolder(of: entry.record.e164) : nil)
            }
            let nextCursor = matched.count > limit ? matches.last?.userId : nil
            return MatchPage(matches: matches, nextCursor: nextCursor)
        }
    }

    /// Deletes every contact the acting user uploaded; returns how many. My `contact` matches
    /// vanish; `reverse` ones stay. Recent searches and budget use are kept.
    public func deleteAllUploadedContacts(as userId: String) throws(RPCError) -> Int {
        try state.write { (state: inout EngineState) throws(RPCError) -> Int in
            let owner = try state.actingUser(userId)
            return state.removeAllUploads(of: owner)
        }
    }
}

extension EngineState {
    /// Stores an uploaded contact in `owner`'s book, keeping the reverse side in step.
    mutating func putContact(_ stored: StoredContact, owner: UInt32) {
        let change = books[owner, default: AddressBook()].put(stored)
        for number in change.lost {
            uploaders[number]?.remove(owner)
            if uploaders[number]?.isEmpty == true { uploaders[number] = nil }
        }
        for number in change.gained { uploaders[number, default: []].insert(owner) }
    }

    /// Removes every uploaded contact of `owner`; returns how many there were.
    @discardableResult
    mutating func removeAllUploads(of owner: UInt32) -> Int {
        guard let book = books.removeValue(forKey: owner) else { return 0 }
        for number in book.holders.keys {
            uploaders[number]?.remove(owner)
            if uploaders[number]?.isEmpty == true { uploaders[number] = nil }
        }
        return book.contacts.count
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

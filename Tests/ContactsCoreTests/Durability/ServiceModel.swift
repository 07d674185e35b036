import ContactsCore
import ContactsJSON
import ContactsModel

/// A naive model of the whole service (PROTOCOL §5, §6) for the inputs the durability tests
/// generate: plain dictionaries, every read sorted from scratch. It answers a request exactly
/// as the service must, so a run can be checked response by response and a store reopened
/// after a crash can be compared with the model replayed to the same point.
///
/// Limits of the model (the generators stay inside them): ids and names are ASCII (so
/// `fold` is `lowercased()`), phones are NANP numbers written as `+1 …` or as ten national
/// digits (every uploader is a `+1` user, so uploads default to region US), contacts carry
/// only the keys listed in ``decode(_:)``, there is no upload budget (serve with budget 0),
/// and every `createEvent` names its `eventId`.
struct ServiceModel {
    struct User: Equatable {
        var phone: String
        var name: String
    }

    struct StoredContact: Equatable {
        /// The contact as results carry it (every key of PROTOCOL §1, `ownerId` the uploader).
        var json: JSONValue
        var displayName: String
        var numbers: Set<String>
        var hasPhone: Bool
        var hasEmail: Bool
        var hasNotes: Bool
    }

    struct EventRecord: Equatable {
        var creator: String
        var title: String
        var description: String?
        var location: String?
        var startTime: Int64?
        var createdAt: Int64
    }

    var users: [String: User] = [:]
    var books: [String: [String: StoredContact]] = [:]
    var follows: [String: [String: Int64]] = [:]  // follower → followee → since
    var events: [String: EventRecord] = [:]

    /// The methods that change state.
    static let mutations: Set<String> = [
        "registerUser", "deleteUser", "uploadContacts", "deleteAllUploadedContacts", "followUser", "unfollowUser",
        "followContact", "unfollowContact", "createEvent", "deleteEvent",
    ]

    static func failure(_ reason: String) -> Result<JSONValue, RPCFailure> { .failure(RPCFailure(reason: reason)) }

    static func precedes(_ lhs: String, _ rhs: String) -> Bool { lhs.utf8.lexicographicallyPrecedes(rhs.utf8) }

    /// E.164 of `raw` for the generators' phones: `+1` and ten digits, or ten national digits
    /// (region US); anything else (local-only seven digits, junk) does not normalize.
    static func number(_ raw: String) -> String? {
        let digits = raw.filter { $0.isASCII && $0.isNumber }
        if raw.hasPrefix("+") { return digits.count == 11 && digits.hasPrefix("1") ? "+" + digits : nil }
        return digits.count == 10 ? "+1" + digits : nil
    }

    /// Answers `method` with `params` and applies what it changes.
    mutating func respond(_ method: String, _ params: JSONObject) -> Result<JSONValue, RPCFailure> {
        if method == "registerUser" { return register(params) }
        if method == "followUser", params["as"] == params["userId"] { return Self.failure("invalid_params") }
        guard let me = params["as"]?.stringValue, users[me] != nil else { return Self.failure("not_found") }
        let other = params["userId"]?.stringValue ?? ""
        let at = params["at"].flatMap(Self.integer) ?? 0
        switch method {
        case "deleteUser":
            deleteUser(me)
            return .success(.object(["success": .bool(true)]))
        case "uploadContacts": return upload(me, params["contacts"]?.arrayValue ?? [])
        case "deleteAllUploadedContacts":
            let count = books.removeValue(forKey: me)?.count ?? 0
            return .success(.object(["deleted": .integer(count)]))
        case "followUser":
            guard users[other] != nil else { return Self.failure("not_found") }
            let new = follow(me, other, at: at)
            return .success(.object(["success": .bool(new), "alreadyFollowing": .bool(!new)]))
        case "unfollowUser":
            guard users[other] != nil else { return Self.failure("not_found") }
            return .success(.object(["success": .bool(follows[me]?.removeValue(forKey: other) != nil)]))
        case "isFollowingUser":
            guard users[other] != nil else { return Self.failure("not_found") }
            return .success(status(me, other))
        case "checkBatchFollowingStatus":
            var seen = Set<String>()
            let ids = (params["userIds"]?.arrayValue ?? []).compactMap(\.stringValue).filter {
                seen.insert($0).inserted
            }
            return .success(.object(["statuses": .object(JSONObject(ids.map { ($0, status(me, $0)) }))]))
        case "followContact", "unfollowContact", "isFollowingContact":
            return contactFollow(method, me, contactId: params["contactId"]?.stringValue ?? "", at: at)
        case "createEvent": return createEvent(me, params, at: at)
        case "deleteEvent":
            let id = params["eventId"]?.stringValue ?? ""
            let mine = events[id]?.creator == me
            if mine { events[id] = nil }
            return .success(.object(["success": .bool(mine)]))
        case "lookupContactMatches":
            return .success(matches(me, cursor: params["cursor"]?.stringValue, limit: limit(params, default: 100)))
        case "getFollowers": return .success(page(followers(of: me), for: me, params))
        case "getFollowing": return .success(page(following(of: me), for: me, params))
        case "getMutualFollows": return .success(page(mutuals(of: me), for: me, params))
        case "getFeed": return .success(feed(me, params))
        case "fetchContacts": return .success(fetch(me, params))
        default: return Self.failure("model: unsupported method \(method)")
        }
    }

    static func integer(_ value: JSONValue) -> Int64? {
        if case .number(let number) = value { return number.int64Value }
        return nil
    }

    func limit(_ params: JSONObject, default defaultValue: Int = 20) -> Int {
        params["limit"].flatMap(Self.integer).map(Int.init) ?? defaultValue
    }

    func skip(_ params: JSONObject) -> Int {
        params["skip"].flatMap(Self.integer).map(Int.init) ?? 0
    }

    // MARK: Users

    private mutating func register(_ params: JSONObject) -> Result<JSONValue, RPCFailure> {
        let userId = params["userId"]?.stringValue ?? ""
        guard let phone = (params["phone"]?.stringValue).flatMap(Self.number) else {
            return Self.failure("invalid_params")
        }
        if users.contains(where: { $0.key != userId && $0.value.phone == phone }) { return Self.failure("conflict") }
        users[userId] = User(phone: phone, name: params["displayName"]?.stringValue ?? "")
        return .success(.object(["userId": .string(userId), "e164": .string(phone)]))
    }

    private mutating func deleteUser(_ me: String) {
        users[me] = nil
        books[me] = nil
        follows[me] = nil
        for follower in follows.keys { follows[follower]?[me] = nil }
        events = events.filter { $0.value.creator != me }
    }

    // MARK: Contacts and matches

    /// The contact `entry` decodes to (with `ownerId` the uploader), or its rejection reason.
    static func decode(_ entry: JSONValue, owner: String) -> Result<(id: String, contact: StoredContact), RPCFailure> {
        guard case .object(let object) = entry else { return .failure(RPCFailure(reason: "not_an_object")) }
        guard let id = object["id"]?.stringValue, !id.isEmpty, id.utf8.count <= 128,
            !id.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        else { return .failure(RPCFailure(reason: "invalid_id")) }
        var text: [String: String] = [:]
        for key in ["givenName", "familyName", "displayName", "notes"] {
            switch object[key] {
            case nil, .null?: text[key] = ""
            case .string(let value)?: text[key] = value
            default: return .failure(RPCFailure(reason: "invalid_field"))
            }
        }
        var lists: [String: [(label: String, value: String)]] = [:]
        for key in ["phoneNumbers", "emailAddresses"] {
            switch object[key] {
            case nil, .null?: lists[key] = []
            case .array(let entries)?:
                var decoded: [(String, String)] = []
                for entry in entries {
                    guard case .object(let pair) = entry, let label = pair["label"]?.stringValue,
                        let value = pair["value"]?.stringValue
                    else { return .failure(RPCFailure(reason: "invalid_field")) }
                    decoded.append((label, value))
                }
                lists[key] = decoded
            default: return .failure(RPCFailure(reason: "invalid_field"))
            }
        }
        let phones = lists["phoneNumbers"] ?? []
        let emails = lists["emailAddresses"] ?? []
        let given = text["givenName"] ?? ""
        let family = text["familyName"] ?? ""
        var name = text["displayName"] ?? ""
        if name.isEmpty { name = (given + " " + family).trimmingASCIISpaces }
        if name.isEmpty { name = emails.first?.value ?? phones.first?.value ?? "" }
        func pairs(_ list: [(label: String, value: String)]) -> JSONValue {
            .array(list.map { .object(["label": .string($0.label), "value": .string($0.value)]) })
        }
        let json: JSONValue = .object([
            "id": .string(id), "ownerId": .string(owner), "givenName": .string(given), "familyName": .string(family),
            "displayName": .string(name), "organizationName": .string(""), "jobTitle": .string(""),
            "phoneNumbers": pairs(phones), "emailAddresses": pairs(emails), "addresses": .array([]),
            "socialProfiles": .array([]), "notes": .string(text["notes"] ?? ""),
        ])
        let contact = StoredContact(
            json: json, displayName: name, numbers: Set(phones.compactMap { Self.number($0.value) }),
            hasPhone: !phones.isEmpty, hasEmail: !emails.isEmpty, hasNotes: !(text["notes"] ?? "").isEmpty)
        return .success((id, contact))
    }

    private mutating func upload(_ me: String, _ entries: [JSONValue]) -> Result<JSONValue, RPCFailure> {
        var rejected: [JSONValue] = []
        var stored = 0
        for (index, entry) in entries.enumerated() {
            switch Self.decode(entry, owner: me) {
            case .success(let decoded):
                books[me, default: [:]][decoded.id] = decoded.contact
                stored += 1
            case .failure(let failure):
                rejected.append(.object(["index": .integer(index), "reason": .string(failure.reason)]))
            }
        }
        return .success(
            .object([
                "totalContacts": .integer(entries.count), "numberOfUploadedContacts": .integer(stored),
                "rejected": .array(rejected),
            ]))
    }

    /// The smallest id of `owner`'s contacts holding `phone`.
    func smallestContact(of owner: String, holding phone: String) -> String? {
        (books[owner] ?? [:]).filter { $0.value.numbers.contains(phone) }.keys.min(by: Self.precedes)
    }

    func matches(_ me: String, cursor: String?, limit: Int) -> JSONValue {
        guard let myPhone = users[me]?.phone else { return .null }
        var rows: [(userId: String, value: JSONValue)] = []
        for (other, user) in users where other != me {
            let contactId = smallestContact(of: me, holding: user.phone)
            let reverse = (books[other] ?? [:]).values.contains { $0.numbers.contains(myPhone) }
            guard contactId != nil || reverse else { continue }
            if let cursor, !Self.precedes(cursor, other) { continue }
            let relation = contactId != nil ? (reverse ? "mutual" : "contact") : "reverse"
            rows.append(
                (
                    other,
                    .object([
                        "userId": .string(other), "displayName": .string(user.name), "relation": .string(relation),
                        "contactId": .string(orNull: contactId),
                    ])
                ))
        }
        rows.sort { Self.precedes($0.userId, $1.userId) }
        let page = rows.prefix(limit)
        let next: JSONValue = rows.count > limit ? .string(orNull: page.last?.userId) : .null
        return .object(["matches": .array(page.map(\.value)), "nextCursor": next])
    }

    private func fetch(_ me: String, _ params: JSONObject) -> JSONValue {
        let fieldType = params["fieldType"]?.stringValue ?? "any"
        let listed = (books[me] ?? [:]).filter { _, contact in
            switch fieldType {
            case "phone": contact.hasPhone
            case "email": contact.hasEmail
            case "notes": contact.hasNotes
            default: true
            }
        }
        let sorted = listed.sorted { lhs, rhs in
            let left = lhs.value.displayName.lowercased()
            let right = rhs.value.displayName.lowercased()
            return left != right ? Self.precedes(left, right) : Self.precedes(lhs.key, rhs.key)
        }
        return Self.page(sorted.map(\.value.json), skip: skip(params), limit: limit(params))
    }

    // MARK: Follows and feed

    private mutating func follow(_ me: String, _ other: String, at: Int64) -> Bool {
        guard me != other, follows[me]?[other] == nil else { return false }
        follows[me, default: [:]][other] = at
        return true
    }

    func since(_ follower: String, _ followee: String) -> Int64? {
        follower == followee ? nil : follows[follower]?[followee]
    }

    func status(_ follower: String, _ followee: String) -> JSONValue {
        let since = since(follower, followee)
        return .object(["isFollowing": .bool(since != nil), "since": .integer(orNull: since)])
    }

    private mutating func contactFollow(_ method: String, _ me: String, contactId: String, at: Int64)
        -> Result<JSONValue, RPCFailure>
    {
        guard let contact = books[me]?[contactId] else { return Self.failure("not_found") }
        let owners = users.filter { $0.key != me && contact.numbers.contains($0.value.phone) }.keys
        guard let target = owners.min(by: Self.precedes) else { return Self.failure("not_found") }
        switch method {
        case "followContact":
            let new = follow(me, target, at: at)
            return .success(
                .object(["success": .bool(new), "alreadyFollowing": .bool(!new), "userId": .string(target)]))
        case "unfollowContact":
            let was = follows[me]?.removeValue(forKey: target) != nil
            return .success(.object(["success": .bool(was), "userId": .string(target)]))
        default:
            let since = since(me, target)
            return .success(
                .object([
                    "isFollowing": .bool(since != nil), "since": .integer(orNull: since), "userId": .string(target),
                ]))
        }
    }

    func followers(of me: String) -> [(String, Int64)] {
        follows.compactMap { follower, followees in followees[me].map { (follower, $0) } }
    }

    func following(of me: String) -> [(String, Int64)] {
        (follows[me] ?? [:]).map { ($0.key, $0.value) }
    }

    func mutuals(of me: String) -> [(String, Int64)] {
        following(of: me).compactMap { other, mine in since(other, me).map { (other, max(mine, $0)) } }
    }

    private func page(_ edges: [(String, Int64)], for me: String, _ params: JSONObject) -> JSONValue {
        let sorted = edges.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : Self.precedes($0.0, $1.0) }
        let items = sorted.map { userId, since -> JSONValue in
            let local = users[userId].flatMap { smallestContact(of: me, holding: $0.phone) }.flatMap { id in
                books[me]?[id].map {
                    JSONValue.object(["contactId": .string(id), "displayName": .string($0.displayName)])
                }
            }
            return .object([
                "userId": .string(userId), "displayName": .string(users[userId]?.name ?? ""), "since": .integer(since),
                "localContact": local ?? .null,
            ])
        }
        return Self.page(items, skip: skip(params), limit: limit(params))
    }

    private func feed(_ me: String, _ params: JSONObject) -> JSONValue {
        let followed = Set((follows[me] ?? [:]).keys)
        let visible = events.filter { followed.contains($0.value.creator) }.sorted {
            $0.value.createdAt != $1.value.createdAt
                ? $0.value.createdAt > $1.value.createdAt : Self.precedes($1.key, $0.key)
        }
        let items = visible.map { id, event -> JSONValue in
            .object([
                "eventId": .string(id), "creatorId": .string(event.creator),
                "creatorName": .string(users[event.creator]?.name ?? ""), "title": .string(event.title),
                "description": .string(orNull: event.description), "location": .string(orNull: event.location),
                "startTime": .integer(orNull: event.startTime), "createdAt": .integer(event.createdAt),
            ])
        }
        return Self.page(items, skip: skip(params), limit: limit(params))
    }

    private mutating func createEvent(_ me: String, _ params: JSONObject, at: Int64) -> Result<JSONValue, RPCFailure> {
        let id = params["eventId"]?.stringValue ?? ""
        if let existing = events[id] {
            return existing.creator == me ? .success(.object(["eventId": .string(id)])) : Self.failure("conflict")
        }
        events[id] = EventRecord(
            creator: me, title: params["title"]?.stringValue ?? "", description: params["description"]?.stringValue,
            location: params["location"]?.stringValue, startTime: params["startTime"].flatMap(Self.integer),
            createdAt: at)
        return .success(.object(["eventId": .string(id)]))
    }

    static func page(_ items: [JSONValue], skip: Int, limit: Int) -> JSONValue {
        .object([
            "items": .array(Array(items.dropFirst(skip).prefix(limit))), "total": .integer(items.count),
            "skip": .integer(skip), "limit": .integer(limit),
        ])
    }
}

extension String {
    /// Without leading and trailing ASCII spaces (the model's names are ASCII).
    fileprivate var trimmingASCIISpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

import ContactsCore
import ContactsJSON

/// The params of every method of PROTOCOL §5 with their kinds, and a valid params object
/// for the bad-input fixture (``BadInputTests``); each bad request changes one param of it.
struct MethodSpec: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        /// An id: 1–128 UTF-8 bytes, no Cc.
        case id
        /// Any string.
        case string
        /// A string of at most 256 code points.
        case text
        /// An int64 without fraction or exponent.
        case integer
        /// An integer ≥ 0.
        case skip
        /// An integer in 1…1000.
        case limit
        /// An array of at most 10,000 contacts.
        case contacts
        /// An array of at most 1,000 ids.
        case ids
        /// One of a few strings.
        case choice
    }

    struct Param: Sendable {
        let key: String
        let kind: Kind
        let required: Bool
    }

    let name: String
    let params: [Param]
    /// Valid params acting as the fixture's user (`registerUser`: registering a new one).
    let valid: JSONObject

    var description: String { name }

    private static func param(_ key: String, _ kind: Kind, required: Bool = false) -> Param {
        Param(key: key, kind: kind, required: required)
    }

    private static let acting = param("as", .id, required: true)
    private static let page = [param("skip", .skip), param("limit", .limit)]

    private static func spec(_ name: String, _ params: [Param], _ valid: JSONObject) -> MethodSpec {
        var object = valid
        object["at"] = .integer(1_700_000_000_000)
        return MethodSpec(name: name, params: params + [param("at", .integer)], valid: object)
    }

    /// Every method, acting as `me` on the fixture: `friend` registered, `contactId` one of my
    /// contacts holding the friend's phone, `eventId` my event.
    static func all(me: String, friend: String, contactId: String, eventId: String) -> [MethodSpec] {
        let mine: JSONObject = ["as": .string(me)]
        func with(_ extra: [(String, JSONValue)]) -> JSONObject {
            var object = mine
            for (key, value) in extra { object[key] = value }
            return object
        }
        let userTarget = [acting, param("userId", .id, required: true)]
        let contactTarget = [acting, param("contactId", .id, required: true)]
        return [
            spec(
                "registerUser",
                [
                    param("userId", .id, required: true), param("phone", .string, required: true),
                    param("region", .string), param("displayName", .string),
                ],
                [
                    "userId": .string("newcomer"), "phone": .string("+1 415 555 3999"), "region": .string("US"),
                    "displayName": .string("New"),
                ]),
            spec("deleteUser", [acting], mine),
            spec(
                "uploadContacts", [acting, param("contacts", .contacts, required: true), param("region", .string)],
                with([("contacts", .array([.object(["id": .string("fresh")])])), ("region", .string("US"))])),
            spec(
                "lookupContactMatches", [acting, param("cursor", .id), param("limit", .limit)],
                with([("cursor", .string("a")), ("limit", .integer(5))])),
            spec("deleteAllUploadedContacts", [acting], mine),
            spec("followUser", userTarget, with([("userId", .string(friend))])),
            spec("unfollowUser", userTarget, with([("userId", .string(friend))])),
            spec("isFollowingUser", userTarget, with([("userId", .string(friend))])),
            spec(
                "checkBatchFollowingStatus", [acting, param("userIds", .ids, required: true)],
                with([("userIds", .array([.string(friend)]))])),
            spec("getFollowers", [acting] + page, with([("skip", .integer(0)), ("limit", .integer(5))])),
            spec("getFollowing", [acting] + page, with([("skip", .integer(0)), ("limit", .integer(5))])),
            spec("getMutualFollows", [acting] + page, with([("skip", .integer(0)), ("limit", .integer(5))])),
            spec("followContact", contactTarget, with([("contactId", .string(contactId))])),
            spec("unfollowContact", contactTarget, with([("contactId", .string(contactId))])),
            spec("isFollowingContact", contactTarget, with([("contactId", .string(contactId))])),
            spec(
                "createEvent",
                [
                    acting, param("eventId", .id), param("title", .string, required: true),
                    param("description", .string), param("location", .string), param("startTime", .integer),
                ],
                with([
                    ("eventId", .string("brand-new")), ("title", .string("T")), ("description", .string("D")),
                    ("location", .string("L")), ("startTime", .integer(5)),
                ])),
            spec(
                "deleteEvent", [acting, param("eventId", .id, required: true)], with([("eventId", .string(eventId))])),
            spec("getFeed", [acting] + page, with([("skip", .integer(0)), ("limit", .integer(5))])),
            spec(
                "searchContacts", [acting, param("query", .text, required: true), param("field", .choice)] + page,
                with([("query", .string("a")), ("field", .string("name")), ("skip", .integer(0))])),
            spec(
                "fetchContacts", [acting, param("fieldType", .choice)] + page,
                with([("fieldType", .string("phone")), ("limit", .integer(3))])),
            spec(
                "searchUsers", [acting, param("query", .text, required: true)] + page,
                with([("query", .string("a")), ("limit", .integer(3))])),
            spec(
                "getSearchSuggestions", [acting, param("prefix", .text, required: true), param("limit", .limit)],
                with([("prefix", .string("a")), ("limit", .integer(3))])),
        ]
    }

    static func number(_ literal: String) -> JSONValue { .number(JSONNumber(validatedLiteral: literal)) }

    /// Values of the wrong type for a string-like param.
    static let notStrings: [(String, JSONValue)] = [
        ("a number", .integer(5)), ("a float", number("1.5")), ("true", .bool(true)),
        ("an array", .array([.string("u")])), ("an object", .object(["id": .string("u")])),
    ]

    /// Ids that break the id rules.
    static let badIDs: [(String, JSONValue)] = [
        ("empty", .string("")), ("129 bytes", .string(String(repeating: "a", count: 129))),
        ("129 bytes of 2-byte characters", .string("a" + String(repeating: "é", count: 64))),
        ("NUL", .string("a\u{0}b")), ("newline", .string("a\nb")), ("tab", .string("\tx")),
        ("DEL", .string("x\u{7F}")), ("C1 control NEL", .string("\u{85}x")), ("C1 control CSI", .string("x\u{9B}")),
    ]

    /// Values that are not int64 integers.
    static let notIntegers: [(String, JSONValue)] = [
        ("a string", .string("20")), ("a fraction", number("20.0")), ("an exponent", number("2e1")),
        ("an upper-case exponent", number("1E3")), ("a negative fraction", number("-0.5")),
        ("past int64", number("9223372036854775808")), ("below int64", number("-9223372036854775809")),
        ("true", .bool(true)), ("an array", .array([.integer(1)])), ("an object", .object([:])),
    ]

    /// The values of `kind` that must be refused as `invalid_params`, each with a name.
    static func invalidValues(of kind: Kind) -> [(String, JSONValue)] {
        switch kind {
        case .id: return notStrings + badIDs
        case .string: return notStrings
        case .text:
            return notStrings + [
                ("257 code points", .string(String(repeating: "é", count: 257))),
                ("257 astral code points", .string(String(repeating: "😀", count: 257))),
            ]
        case .integer: return notIntegers
        case .skip: return notIntegers + [("-1", .integer(-1)), ("int64 min", .integer(Int64.min))]
        case .limit:
            return notIntegers + [("0", .integer(0)), ("1001", .integer(1001)), ("-1", .integer(-1))]
        case .contacts:
            return [
                ("an object", .object([:])), ("a string", .string("c")), ("a number", .integer(1)),
                ("10,001 contacts", .array(Array(repeating: .object(["id": .string("z")]), count: 10_001))),
            ]
        case .ids:
            return [
                ("a string", .string("u")), ("an object", .object([:])),
                ("1,001 ids", .array(Array(repeating: .string("u"), count: 1001))),
                ("a number inside", .array([.string("u"), .integer(5)])),
            ] + badIDs.map { ("an id \($0.0) inside", .array([.string("u"), $0.1])) }
        case .choice: return notStrings + [("unknown", .string("bogus")), ("empty", .string(""))]
        }
    }

    /// Values at the limits that must be accepted (not `invalid_params`).
    static func boundaryValues(of kind: Kind) -> [(String, JSONValue)] {
        switch kind {
        case .id:
            return [
                ("128 bytes", .string(String(repeating: "b", count: 128))),
                ("128 bytes of 4-byte characters", .string(String(repeating: "😀", count: 32))),
            ]
        case .text: return [("256 astral code points", .string(String(repeating: "😀", count: 256)))]
        case .integer: return [("int64 max", .integer(Int64.max)), ("int64 min", .integer(Int64.min))]
        case .skip: return [("past the end", .integer(Int64.max))]
        case .limit: return [("1", .integer(1)), ("1000", .integer(1000))]
        case .ids: return [("1,000 ids", .array(Array(repeating: .string("u"), count: 1000)))]
        case .string, .contacts, .choice: return []
        }
    }
}

import ContactsCore
import ContactsJSON
import ContactsModel

extension ContactsMethods {
    static func registerSearch(_ engine: ContactsEngine, in table: inout RPCMethodTable) {
        table.register("searchContacts") { params, _ in
            let userId = try params.id("as")
            let query = try params.text("query", maximumCodePoints: ContactsEngine.maximumQueryLength)
            let field = try Self.enumeration("field", in: params, default: SearchField.any)
            let skip = try params.skip()
            let limit = try params.limit()
            return try engine.searchContacts(as: userId, query: query, field: field, skip: skip, limit: limit)
                .jsonValue(\.jsonValue)
        }
        table.register("fetchContacts") { params, _ in
            let userId = try params.id("as")
            let fieldType = try Self.enumeration("fieldType", in: params, default: FetchFieldType.any)
            let skip = try params.skip()
            let limit = try params.limit()
            return try engine.fetchContacts(as: userId, fieldType: fieldType, skip: skip, limit: limit)
                .jsonValue(\.jsonValue)
        }
        table.register("searchUsers") { params, _ in
            let userId = try params.id("as")
            let query = try params.text("query", maximumCodePoints: ContactsEngine.maximumQueryLength)
            let skip = try params.skip()
            let limit = try params.limit()
            return try engine.searchUsers(as: userId, query: query, skip: skip, limit: limit).jsonValue { hit in
                .object([
                    "userId": .string(hit.userId), "displayName": .string(hit.displayName),
                    "isFollowing": .bool(hit.isFollowing),
                ])
            }
        }
        table.register("getSearchSuggestions") { params, _ in
            let userId = try params.id("as")
            let prefix = try params.text("prefix", maximumCodePoints: ContactsEngine.maximumQueryLength)
            let limit = try params.limit()
            let suggestions = try engine.searchSuggestions(as: userId, prefix: prefix, limit: limit)
            return .object(["suggestions": .array(suggestions.map(JSONValue.string))])
        }
    }

    /// An optional string param that must be one of an enumeration's raw values.
    static func enumeration<Value: RawRepresentable & CaseIterable>(
        _ key: String, in params: RPCParams, default defaultValue: Value
    ) throws(RPCError) -> Value where Value.RawValue == String {
        guard let text = try params.optionalString(key) else { return defaultValue }
        guard let value = Value(rawValue: text) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidParams("param '\(key)' must be one of \(allowed)")
        }
        return value
    }
}

import ContactsCore
import ContactsJSON

/// The JSON-RPC bindings of every engine method (PROTOCOL §5): each binding checks its params
/// (all stateless checks first, as §6's check order requires), calls the engine, and shapes
/// the result with every documented member present.
public enum ContactsMethods {
    /// The method table of the service over `engine`: Find Your Friends, social graph, feed
    /// and search.
    public static func table(for engine: ContactsEngine) -> RPCMethodTable {
        var table = RPCMethodTable()
        registerFriendFinder(engine, in: &table)
        registerSocial(engine, in: &table)
        registerFeed(engine, in: &table)
        registerSearch(engine, in: &table)
        return table
    }
}

extension Page {
    /// `{items, total, skip, limit}` with each item shaped by `item`.
    func jsonValue(_ item: (Item) -> JSONValue) -> JSONValue {
        .object([
            "items": .array(items.map(item)), "total": .integer(total), "skip": .integer(skip),
            "limit": .integer(limit),
        ])
    }
}

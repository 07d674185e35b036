import ContactsCore
import ContactsJSON
import ContactsSupport

/// What a method handler gets besides its params.
public struct RPCContext: Sendable {
    /// The request's time in ms since the epoch: `params.at`, else the clock.
    public var at: Int64
}

/// A method: checks its params and answers with a result, or throws an ``RPCError`` (a bad
/// param) or a ``ContactsError`` (the engine's refusal, mapped by ``RPCError/init(_:)``).
public typealias RPCMethod = @Sendable (RPCParams, RPCContext) throws -> JSONValue

/// The methods a ``JSONRPCServer`` answers, by name (matched by bytes). Services add theirs with ``register(_:_:)``.
public struct RPCMethodTable: Sendable {
    private var methods: [ExactString: RPCMethod] = [:]

    /// An empty table.
    public init() {}

    /// Adds (or replaces) the method `name`.
    public mutating func register(_ name: String, _ method: @escaping RPCMethod) {
        methods[ExactString(name)] = method
    }

    /// The method `name`, if any.
    public func method(named name: String) -> RPCMethod? {
        methods[ExactString(name)]
    }

    /// Every method name, sorted by bytes.
    public var names: [String] {
        methods.keys.sorted().map(\.string)
    }
}

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

/// A method whose result it writes itself into the response (see ``StreamedJSON``); it
/// throws as an ``RPCMethod`` does, before anything is written.
public typealias RPCStreamingMethod = @Sendable (RPCParams, RPCContext) throws -> StreamedJSON

/// The methods a ``JSONRPCServer`` answers, by name (matched by bytes). Services add theirs
/// with ``register(_:_:)`` or ``registerStreaming(_:_:)``.
public struct RPCMethodTable: Sendable {
    /// A method of either kind, as the server calls it.
    typealias Handler = @Sendable (RPCParams, RPCContext) throws -> RPCResult

    private var methods: [ExactString: Handler] = [:]

    /// An empty table.
    public init() {}

    /// Adds (or replaces) the method `name`.
    public mutating func register(_ name: String, _ method: @escaping RPCMethod) {
        methods[ExactString(name)] = { params, context in .value(try method(params, context)) }
    }

    /// Adds (or replaces) the method `name`, whose result it writes itself.
    public mutating func registerStreaming(_ name: String, _ method: @escaping RPCStreamingMethod) {
        methods[ExactString(name)] = { params, context in .streamed(try method(params, context)) }
    }

    /// The method `name`, if any.
    func handler(named name: String) -> Handler? {
        methods[ExactString(name)]
    }

    /// Every method name, sorted by bytes.
    public var names: [String] {
        methods.keys.sorted().map(\.string)
    }
}

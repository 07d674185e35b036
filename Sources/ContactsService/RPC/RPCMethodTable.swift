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
    private var changing: Set<ExactString> = []

    /// An empty table.
    public init() {}

    /// Adds (or replaces) the method `name`; `changes` says whether it may change the
    /// service's state (a transport may run such methods ahead of reads, see
    /// ``JSONRPCServer/changes(method:)``).
    public mutating func register(_ name: String, changes: Bool = false, _ method: @escaping RPCMethod) {
        add(name, changes: changes) { params, context in .value(try method(params, context)) }
    }

    /// Adds (or replaces) the method `name`, whose result it writes itself; `changes` as for
    /// ``register(_:changes:_:)``.
    public mutating func registerStreaming(
        _ name: String, changes: Bool = false, _ method: @escaping RPCStreamingMethod
    ) {
        add(name, changes: changes) { params, context in .streamed(try method(params, context)) }
    }

    private mutating func add(_ name: String, changes: Bool, _ handler: @escaping Handler) {
        let key = ExactString(name)
        methods[key] = handler
        if changes { changing.insert(key) } else { changing.remove(key) }
    }

    /// The method `name`, if any.
    func handler(named name: String) -> Handler? {
        methods[ExactString(name)]
    }

    /// Whether the method `name` was registered as one that changes state.
    func changes(_ name: String) -> Bool {
        changing.contains(ExactString(name))
    }

    /// Every method name, sorted by bytes.
    public var names: [String] {
        methods.keys.sorted().map(\.string)
    }
}

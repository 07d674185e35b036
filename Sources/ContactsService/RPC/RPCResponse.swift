import ContactsJSON

/// The response to one JSON-RPC request (PROTOCOL §5): its id, and a result or an error;
/// written as `{"jsonrpc":"2.0","id":…,"result":…}` or `…,"error":…}`. Every transport writes
/// responses with ``write(to:)``.
public struct RPCResponse: Sendable {
    /// What a response carries beside its id.
    public enum Body: Sendable {
        /// The method's result.
        case result(RPCResult)
        /// Why the request failed.
        case error(RPCError)
    }

    /// The request's id (null when it could not be read).
    public var id: JSONValue
    /// The result or the error.
    public var body: Body

    /// A response for the request `id`.
    public init(id: JSONValue, _ body: Body) {
        self.id = id
        self.body = body
    }

    /// Appends the response's JSON (compact, members in the order above) to `writer`.
    ///
    /// - Complexity: O(n) in the size of the output.
    public func write(to writer: inout JSONWriter) {
        writer.appendRaw(#"{"jsonrpc":"2.0","id":"#)
        writer.write(id)
        switch body {
        case .result(let result):
            writer.appendRaw(#","result":"#)
            result.write(to: &writer)
        case .error(let error):
            writer.appendRaw(#","error":"#)
            writer.write(error.jsonValue)
        }
        writer.appendRaw("}")
    }

    /// The response as a tree, parsed back from what ``write(to:)`` writes (so it is what a
    /// transport sends), for in-process callers and tests.
    ///
    /// - Complexity: O(n) in the size of the written text.
    public var jsonValue: JSONValue {
        StreamedJSON { write(to: &$0) }.jsonValue
    }
}

import ContactsJSON

/// What a method answers with: a ``JSONValue`` tree, or a ``StreamedJSON`` the method writes
/// itself straight into the response (for large results, such as a batch of statuses, whose
/// tree would cost more to build and free than to write). Both are written with the same
/// ``JSONWriter``, so a result's bytes do not depend on which form it took.
public enum RPCResult: Sendable {
    /// A value, written as ``JSONWriter`` writes a tree.
    case value(JSONValue)
    /// A value its method writes itself.
    case streamed(StreamedJSON)

    /// Appends the result's JSON to `writer`.
    ///
    /// - Complexity: O(n) in the size of the output.
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .value(let value): writer.write(value)
        case .streamed(let streamed): writer.write(streamed)
        }
    }
}

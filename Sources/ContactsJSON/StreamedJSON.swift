/// A JSON value that its producer writes itself, straight into a ``JSONWriter``'s bytes, when
/// the written text is wanted and a ``JSONValue`` tree of it would only be built to be written
/// and freed (a batch of 1,000 statuses).
///
/// The producer writes exactly one JSON value, in the compact form ``JSONWriter`` gives a
/// tree (no spaces, members in order), with the writer's own ``JSONWriter/writeString(_:)``
/// for every string, so its bytes are those the equivalent tree would be written as.
///
/// ```swift
/// let answer = StreamedJSON { writer in
///     writer.appendRaw(#"{"name":"#)
///     writer.writeString(name)
///     writer.appendRaw("}")
/// }
/// ```
public struct StreamedJSON: Sendable {
    private let producer: @Sendable (inout JSONWriter) -> Void

    /// A value that `producer` writes whenever it is written.
    public init(_ producer: @escaping @Sendable (inout JSONWriter) -> Void) {
        self.producer = producer
    }

    /// Appends the value to `writer`.
    ///
    /// - Complexity: whatever the producer's writing costs, O(n) in the output for the
    ///   producers of this package.
    public func write(to writer: inout JSONWriter) {
        producer(&writer)
    }

    /// The value as a tree, parsed back from its bytes: for callers that inspect results in
    /// process (tests, in-process hosts), not for the answer's way out.
    ///
    /// - Complexity: O(n) in the size of the written text.
    public var jsonValue: JSONValue {
        var writer = JSONWriter()
        write(to: &writer)
        do {
            return try writer.bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
        } catch {
            preconditionFailure("a StreamedJSON producer wrote invalid JSON (\(error)): \(writer.text)")
        }
    }
}

/// Serializes ``JSONValue``s to compact UTF-8 JSON: object members in order, no spaces,
/// strings escaped as RFC 8259 requires (control characters as `\u00XX`), non-ASCII as is.
public struct JSONWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer; `reserve` bytes are reserved up front.
    public init(reserve: Int = 256) {
        bytes.reserveCapacity(reserve)
    }

    /// Appends `value`.
    ///
    /// - Complexity: O(n) in the size of the output.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): append(number.literal)
        case .string(let string): writeString(string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `string` as a JSON string literal (``JSONByteCursor/writeString(_:)``).
    ///
    /// - Complexity: O(n) in the string's UTF-8 length.
    public mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeString(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// ``writeString(_:)`` of the UTF-8 text `utf8` (an id kept as bytes).
    public mutating func writeString(utf8: UnsafeRawBufferPointer) {
        write(upTo: JSONByteCursor.stringBound(utf8Count: utf8.count)) { $0.writeString(utf8: utf8) }
    }

    /// Appends what `body` writes through a cursor into room for `maximumCount` bytes (it may
    /// write fewer): one allocation (on the stack when it is small) and one copy for all of
    /// its pieces.
    ///
    /// - Complexity: O(maximumCount) for the room, plus the body's writing.
    public mutating func write(upTo maximumCount: Int, _ body: (inout JSONByteCursor) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumCount) { room in
            var cursor = JSONByteCursor(room)
            body(&cursor)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: room[..<cursor.count]))
        }
    }

    /// Appends `value`, written by its producer.
    ///
    /// - Complexity: that of the producer's writing.
    public mutating func write(_ value: StreamedJSON) {
        value.write(to: &self)
    }

    /// Appends `value` as a JSON number (its decimal digits, written in place).
    public mutating func writeInteger(_ value: Int64) {
        write(upTo: JSONByteCursor.integerBound) { $0.writeInteger(value) }
    }

    /// Appends raw bytes that are already JSON (or a line break between values): a literal,
    /// copied from the binary without making a `String`.
    public mutating func appendRaw(_ raw: StaticString) {
        raw.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Makes room for `count` more bytes, so that the appends up to them do not reallocate.
    public mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// The bytes written so far as text.
    public var text: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Forgets the bytes written, keeping the capacity.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends the UTF-8 of `text` as one copy (literals and native strings are contiguous;
    /// appending the `utf8` view instead goes byte by byte through the generic path).
    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }
}

extension JSONValue {
    /// The compact JSON text of this value.
    public var jsonText: String {
        var writer = JSONWriter()
        writer.write(self)
        return writer.text
    }
}

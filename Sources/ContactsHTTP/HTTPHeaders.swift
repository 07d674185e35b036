/// The header fields of a request or a response, in the order received or to be sent.
///
/// Names compare case-insensitively (ASCII), as HTTP requires; values are kept as they came.
///
/// ```swift
/// var headers = HTTPHeaders()
/// headers.add(name: "Content-Type", value: "application/json")
/// headers["content-type"]  // "application/json"
/// ```
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Equatable {
        /// The field name, as written.
        public var name: String
        /// The field value, as written (without surrounding whitespace).
        public var value: String

        /// A field with this name and value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Headers holding `fields` in this order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Headers holding these name-value pairs in this order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The value of the first field named `name` (ASCII case-insensitive), or nil.
    ///
    /// - Complexity: O(n), where n is the number of fields.
    public subscript(name: String) -> String? {
        fields.first { Self.namesMatch($0.name, name) }?.value
    }

    /// The values of every field named `name` (ASCII case-insensitive), in order.
    ///
    /// - Complexity: O(n), where n is the number of fields.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Appends a field; fields already present with the same name stay.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name` (ASCII case-insensitive).
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// Whether two field names are equal ignoring ASCII case, without allocating.
    static func namesMatch(_ left: String, _ right: String) -> Bool {
        guard left.utf8.count == right.utf8.count else { return false }
        var leftBytes = left.utf8.makeIterator()
        var rightBytes = right.utf8.makeIterator()
        while true {
            switch (leftBytes.next(), rightBytes.next()) {
            case (nil, nil):
                return true
            case (let l?, let r?) where asciiLowercase(l) == asciiLowercase(r):
                continue
            default:
                return false
            }
        }
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
